#include "core/output.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>

#include <fmt/format.h>

namespace hoyito {

namespace {

constexpr std::size_t kBufferBytes = 1 << 16;  // written in blocks of this size
constexpr mode_t kFileMode = 0644;             // what an ordinary new file gets (mkstemp makes 0600)

// Writes all of [data, data + size) to fd, retrying short writes and EINTR; returns 0 or errno.
int write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t written = ::write(fd, data, size);
    if (written < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    data += written;
    size -= static_cast<std::size_t>(written);
  }
  return 0;
}

bool is_device_or_pipe(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 && (S_ISCHR(info.st_mode) || S_ISFIFO(info.st_mode) || S_ISSOCK(info.st_mode));
}

}  // namespace

WholeFile::WholeFile(std::string path) : path_(std::move(path)) {
  if (path_.empty()) throw OutputError("\"\": cannot write: an empty file name");
  if (is_device_or_pipe(path_)) {
    fd_ = ::open(path_.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd_ < 0) fail("cannot open", errno);
    return;
  }
  // The temporary sits in the same folder, so that the rename is atomic (same file system).
  const std::filesystem::path target(path_);
  const std::string name = target.filename().string();
  if (name.empty() || name == "." || name == "..") throw OutputError(fmt::format("{}: cannot write: is a folder", path_));
  std::string pattern = (target.parent_path() / ("." + name + ".tmp-XXXXXX")).string();
  fd_ = ::mkostemp(pattern.data(), O_CLOEXEC);
  if (fd_ < 0) fail("cannot create a file in its folder", errno);
  temporary_ = pattern;
  ::fchmod(fd_, kFileMode);
}

WholeFile::~WholeFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!temporary_.empty()) ::unlink(temporary_.c_str());
}

void WholeFile::fail(const char* doing, int error) {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temporary_.empty()) ::unlink(temporary_.c_str());
  temporary_.clear();
  throw OutputError(fmt::format("{}: {}: {}", path_, doing, std::strerror(error)));
}

void WholeFile::flush_buffer() {
  if (buffer_.empty()) return;
  if (const int error = write_all(fd_, buffer_.data(), buffer_.size())) fail("cannot write", error);
  buffer_.clear();
}

void WholeFile::write(std::string_view text) {
  if (fd_ < 0) throw OutputError(fmt::format("{}: cannot write: the file is closed", path_));
  buffer_.append(text);
  if (buffer_.size() >= kBufferBytes) flush_buffer();
}

void WholeFile::commit() {
  if (fd_ < 0) throw OutputError(fmt::format("{}: cannot write: the file is closed", path_));
  flush_buffer();
  // Some file systems (NFS, quotas) report a full disk only at fsync or close.
  if (!temporary_.empty() && ::fsync(fd_) != 0) fail("cannot write", errno);
  const int closed = ::close(fd_);
  fd_ = -1;
  if (closed != 0) fail("cannot close", errno);
  if (temporary_.empty()) return;
  if (::rename(temporary_.c_str(), path_.c_str()) != 0) fail("cannot rename the finished file to it", errno);
  temporary_.clear();
}

void write_whole_file(const std::string& path, std::string_view text) {
  WholeFile file(path);
  file.write(text);
  file.commit();
}

namespace {
[[noreturn]] void stdout_failed() {
  const int error = errno;
  std::cout.clear();  // later writes (a summary) must not be taken for this failure again
  throw OutputError(fmt::format("standard output: cannot write: {}", error != 0 ? std::strerror(error) : "write failed"));
}
}  // namespace

void write_stdout(std::string_view text) {
  errno = 0;
  std::cout << text;
  if (!std::cout) stdout_failed();
}

void flush_stdout() {
  errno = 0;
  std::cout.flush();
  if (!std::cout) stdout_failed();
}

}  // namespace hoyito
