#include "io/output.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
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
  return ::stat(path.c_str(), &info) == 0 &&
         (S_ISCHR(info.st_mode) || S_ISFIFO(info.st_mode) || S_ISSOCK(info.st_mode));
}

// The pattern of a temporary beside `target` for mkostemp/mkdtemp: ".NAME.tmp-PID-XXXXXX".
std::string temporary_pattern(const std::filesystem::path& target) {
  return (target.parent_path() / fmt::format(".{}.tmp-{}-XXXXXX", target.filename().string(), ::getpid())).string();
}

// Whether the process `pid` is gone (no such process): its temporaries are stale.
bool process_gone(long pid) {
  return pid > 0 && pid != ::getpid() && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

// Whether a temporary's tail after ".NAME.tmp-" is stale: "PID-XXXXXX" of a gone process, or
// the older "XXXXXX" (no PID) last changed over a day ago.
bool stale_tail(const std::string& tail, const std::filesystem::path& path) {
  const std::size_t dash = tail.find('-');
  if (dash != std::string::npos && dash > 0 && tail.size() == dash + 7 &&
      tail.find_first_not_of("0123456789") == dash && dash <= 9)
    return process_gone(std::stol(tail.substr(0, dash)));
  if (tail.size() != 6) return false;
  std::error_code error;
  const auto changed = std::filesystem::last_write_time(path, error);
  return !error && std::filesystem::file_time_type::clock::now() - changed > std::chrono::hours(24);
}

}  // namespace

int sweep_stale_temporaries(const std::string& path) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  const std::string prefix = fmt::format(".{}.tmp-", target.filename().string());
  const fs::path folder = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  std::error_code error;
  int removed = 0;
  for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
    const std::string name = it->path().filename().string();
    if (!name.starts_with(prefix) || !stale_tail(name.substr(prefix.size()), it->path())) continue;
    std::error_code ignored;  // another run may sweep it at the same time
    removed += fs::remove_all(it->path(), ignored) > 0;
  }
  return removed;
}

WholeFolder::WholeFolder(std::string path) : path_(std::move(path)) {
  namespace fs = std::filesystem;
  const fs::path target(path_);
  const std::string name = target.filename().string();
  if (name.empty() || name == "." || name == "..")
    throw OutputError(fmt::format("{}: cannot make the folder: not a folder name", path_));
  std::error_code error;
  if (fs::exists(target, error) && !fs::is_directory(target, error))
    throw OutputError(fmt::format("{}: cannot make the folder: a file of that name exists", path_));
  if (!target.parent_path().empty()) make_folder(target.parent_path().string(), "--out");
  sweep_stale_temporaries(path_);
  std::string pattern = temporary_pattern(target);
  if (::mkdtemp(pattern.data()) == nullptr)
    throw OutputError(fmt::format("{}: cannot make a folder beside it: {}", path_, std::strerror(errno)));
  ::chmod(pattern.c_str(), 0755);
  temporary_ = pattern;
}

WholeFolder::~WholeFolder() {
  std::error_code ignored;
  if (!temporary_.empty()) std::filesystem::remove_all(temporary_, ignored);
}

void WholeFolder::commit() {
  namespace fs = std::filesystem;
  std::error_code error;
  const bool empty_target = fs::is_directory(path_, error) && fs::is_empty(path_, error);
  if (empty_target) fs::remove(path_, error);
  if (!fs::exists(path_, error)) {
    fs::rename(temporary_, path_, error);
    if (error)
      throw OutputError(fmt::format("{}: cannot rename the finished folder to it: {}", path_, error.message()));
    temporary_.clear();
    return;
  }
  for (const fs::directory_entry& entry : fs::directory_iterator(temporary_)) {
    fs::rename(entry.path(), fs::path(path_) / entry.path().filename(), error);
    if (error)
      throw OutputError(
          fmt::format("{}: cannot move {} into it: {}", path_, entry.path().filename().string(), error.message()));
  }
}

WholeFile::WholeFile(std::string path, bool sweep) : path_(std::move(path)) {
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
  if (sweep) sweep_stale_temporaries(path_);
  std::string pattern = temporary_pattern(target);
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
  if (fs::exists(path, error))
    throw OutputError(fmt::format("{} {}: cannot make the folder: a file of that name exists", flag, path));
  fs::create_directories(path, error);
  if (error) throw OutputError(fmt::format("{} {}: cannot make the folder: {}", flag, path, error.message()));
}

void write_file_in_temporary_folder(const std::string& path, std::string_view text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, kFileMode);
  if (fd < 0) throw OutputError(fmt::format("{}: cannot create: {}", path, std::strerror(errno)));
  int error = write_all(fd, text.data(), text.size());
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error != 0) throw OutputError(fmt::format("{}: cannot write: {}", path, std::strerror(error)));
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
  throw OutputError(
      fmt::format("standard output: cannot write: {}", error != 0 ? std::strerror(error) : "write failed"));
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
