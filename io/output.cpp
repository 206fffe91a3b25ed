#include "io/output.h"

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
  // A folder of that name would refuse only the final rename, after the whole run: refused now.
  std::error_code error;
  if (name.empty() || name == "." || name == ".." || std::filesystem::is_directory(target, error))
    throw OutputError(fmt::format("{}: cannot write: is a folder", path_));
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

void make_folder(const std::string& path, const char* flag) {
  namespace fs = std::filesystem;
  if (path.empty()) throw OutputError(fmt::format("{} \"\": cannot make the folder: an empty name", flag));
  std::error_code error;
  if (fs::is_directory(path, error)) {
    if (::access(path.c_str(), W_OK) != 0)
      throw OutputError(fmt::format("{} {}: cannot write in the folder: {}", flag, path, std::strerror(errno)));
    return;
  }
  if (fs::exists(path, error)) throw OutputError(fmt::format("{} {}: cannot make the folder: a file of that name exists", flag, path));
  fs::create_directories(path, error);
  if (error) throw OutputError(fmt::format("{} {}: cannot make the folder: {}", flag, path, error.message()));
}

void write_whole_file(const std::string& path, std::string_view text) {
  WholeFile file(path);
  file.write(text);
  file.commit();
}

namespace {

// std::cout's buffer while a CheckedStdout lives: write(2) on descriptor 1, the first errno kept.
class StdoutBuffer : public std::streambuf {
 public:
  StdoutBuffer() { setp(data_, data_ + sizeof data_); }
  int error() const { return error_; }

 protected:
  int overflow(int c) override {
    if (sync() != 0) return traits_type::eof();
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    *pptr() = traits_type::to_char_type(c);
    pbump(1);
    return c;
  }
  int sync() override {
    const std::size_t size = static_cast<std::size_t>(pptr() - pbase());
    setp(data_, data_ + sizeof data_);
    if (size == 0) return 0;
    const int error = write_all(STDOUT_FILENO, data_, size);
    if (error == 0) return 0;
    if (error_ == 0) error_ = error;
    return -1;
  }

 private:
  char data_[kBufferBytes];
  int error_ = 0;
};

StdoutBuffer* checked_stdout = nullptr;

[[noreturn]] void stdout_failed() {
  const int error = checked_stdout && checked_stdout->error() != 0 ? checked_stdout->error() : errno;
  std::cout.clear();  // later writes (a summary) must not be taken for this failure again
  throw OutputError(fmt::format("standard output: cannot write: {}", error != 0 ? std::strerror(error) : "write failed"));
}
}  // namespace

CheckedStdout::CheckedStdout() {
  std::cout.flush();
  checked_stdout = new StdoutBuffer;
  previous_ = std::cout.rdbuf(checked_stdout);
}

CheckedStdout::~CheckedStdout() {
  std::cout.flush();
  std::cout.rdbuf(previous_);
  std::cout.clear();
  delete checked_stdout;
  checked_stdout = nullptr;
}

void write_stdout(std::string_view text) {
  errno = 0;
  std::cout << text;
  if (!std::cout) stdout_failed();
}

void flush_stdout() {
  // A write that failed earlier without being checked left std::cout bad: flushing again gives
  // the system's reason (the C buffer still holds what was not written).
  const bool failed_before = !std::cout;
  std::cout.clear();
  errno = 0;
  std::cout.flush();
  if (failed_before || !std::cout) stdout_failed();
}

}  // namespace hoyito
