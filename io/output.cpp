#include "io/output.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>

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

void WholeFolder::check_replaceable(std::string_view own_suffix) const {
  namespace fs = std::filesystem;
  std::error_code error;
  if (!fs::exists(path_, error)) return;
  for (const fs::directory_entry& entry : fs::directory_iterator(path_, error)) {
    const std::string name = entry.path().filename().string();
    if (!entry.is_regular_file(error) || !name.ends_with(own_suffix))
      throw OutputError(fmt::format("{}: holds {}, which this command did not write: not replaced", path_, name));
  }
  if (error) throw OutputError(fmt::format("{}: cannot list the folder: {}", path_, error.message()));
}

namespace {

// Renames the folder `fresh` to `target`, the old `target` (if any) first renamed aside and
// removed after: no moment without a whole folder at `target`, no stale file kept.
void swap_folder_in(const std::string& fresh, const std::string& target) {
  namespace fs = std::filesystem;
  std::error_code error;
  if (fs::is_directory(target, error) && fs::is_empty(target, error)) fs::remove(target, error);
  std::string aside;
  if (fs::exists(target, error)) {
    aside = temporary_pattern(fs::path(target));
    if (::mkdtemp(aside.data()) == nullptr || ::rename(target.c_str(), aside.c_str()) != 0)
      throw OutputError(fmt::format("{}: cannot move the earlier output aside: {}", target, std::strerror(errno)));
  }
  if (::rename(fresh.c_str(), target.c_str()) != 0) {
    const int reason = errno;
    if (!aside.empty()) ::rename(aside.c_str(), target.c_str());
    throw OutputError(fmt::format("{}: cannot rename the finished folder to it: {}", target, std::strerror(reason)));
  }
  if (!aside.empty()) fs::remove_all(aside, error);
}

}  // namespace

void WholeFolder::commit_replacing(std::string_view own_suffix) {
  check_replaceable(own_suffix);
  swap_folder_in(temporary_, path_);
  temporary_.clear();
}

namespace {

constexpr const char* kMarkerName = ".hoyito-output";

// Why `folder` may never be replaced ("/", $HOME, the current folder or one above it), or "".
std::string never_replaced(const std::filesystem::path& folder) {
  struct stat target {
  }, other{};
  if (::stat(folder.c_str(), &target) != 0) return "";
  const auto same = [&](const std::filesystem::path& p) {
    return ::stat(p.c_str(), &other) == 0 && other.st_dev == target.st_dev && other.st_ino == target.st_ino;
  };
  if (same("/")) return "the root folder";
  if (const char* home = std::getenv("HOME"); home && *home && same(home)) return "the home folder";
  std::error_code error;
  for (std::filesystem::path p = std::filesystem::current_path(error); !error; p = p.parent_path()) {
    if (same(p)) return "the current folder or one that holds it";
    if (p == p.parent_path()) break;
  }
  return "";
}

// Why the non-empty `folder` is not a previous output of `command` alone, or "".
std::string not_own_output(const std::filesystem::path& folder, const std::string& command) {
  std::ifstream marker(folder / kMarkerName);
  std::string line;
  if (!marker || !std::getline(marker, line) || line != "hoyito " + command)
    return fmt::format("it has no {} marker of 'hoyito {}', so it is not a previous output", kMarkerName, command);
  std::vector<std::string> listed{kMarkerName};
  while (std::getline(marker, line)) listed.push_back(line);
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
    const std::string name = entry.path().filename().string();
    if (std::find(listed.begin(), listed.end(), name) == listed.end())
      return fmt::format("it holds {}, which 'hoyito {}' did not write", name, command);
  }
  return error ? error.message() : "";
}

}  // namespace

void write_command_folder(const std::string& path, const std::string& command, bool force,
                          const std::function<std::vector<std::string>(const std::string&)>& fill) {
  namespace fs = std::filesystem;
  fs::path out = fs::absolute(path).lexically_normal();
  if (out.filename().empty()) out = out.parent_path();  // "out/": the folder "out"
  if (const std::string why = never_replaced(out); !why.empty())
    throw OutputError(fmt::format("--out {}: is {}: never written over", path, why));
  std::error_code error;
  if (fs::exists(out, error) && !fs::is_directory(out, error))
    throw OutputError(fmt::format("--out {}: exists and is not a folder", path));
  if (fs::is_directory(out, error) && !fs::is_empty(out, error)) {
    if (!force) throw OutputError(fmt::format("--out {}: the folder is not empty (give --force to replace it)", path));
    if (const std::string why = not_own_output(out, command); !why.empty())
      throw OutputError(fmt::format("--out {}: not replaced: {}", path, why));
  }
  WholeFolder fresh(out.string());
  std::string marker = "hoyito " + command + "\n";
  for (const std::string& name : fill(fresh.temporary())) marker += name + "\n";
  write_file_in_temporary_folder((fs::path(fresh.temporary()) / kMarkerName).string(), marker);
  fresh.commit_replacing("");  // checked above: its files are all this command's
}

namespace {

// The folder of `name` that is swapped in whole: its path up to the first part ending in
// `folder_suffix` ("es/page-svg" of "es/page-svg/start.svg"), or "" for a loose file.
std::string swapped_folder_of(const std::string& name, std::string_view folder_suffix) {
  for (std::size_t slash = name.find('/'); slash != std::string::npos; slash = name.find('/', slash + 1))
    if (std::string_view(name).substr(0, slash).ends_with(folder_suffix)) return name.substr(0, slash);
  return "";
}

}  // namespace

void write_output_set(const std::string& dir, const std::vector<OutputFileText>& files, const char* flag,
                      std::string_view folder_suffix, std::string_view own_suffix) {
  namespace fs = std::filesystem;
  make_folder(dir, flag);
  const FolderLock lock(dir, flag);  // two runs into one folder would mix their sets
  std::map<std::string, std::unique_ptr<WholeFolder>> folders;
  std::vector<std::unique_ptr<WholeFile>> loose;
  for (const OutputFileText& file : files) {
    const std::string folder_name = swapped_folder_of(file.name, folder_suffix);
    if (folder_name.empty()) {
      const fs::path path = fs::path(dir) / file.name;
      make_folder(path.parent_path().string(), flag);
      loose.push_back(std::make_unique<WholeFile>(path.string(), loose.empty()));
      loose.back()->write(file.text);
      loose.back()->finish_writing();  // closed now (no descriptor held), renamed at the end
      continue;
    }
    std::unique_ptr<WholeFolder>& folder = folders[folder_name];
    if (!folder) {
      make_folder((fs::path(dir) / folder_name).parent_path().string(), flag);
      folder = std::make_unique<WholeFolder>((fs::path(dir) / folder_name).string());
      folder->check_replaceable(own_suffix);  // refused before the work, not after it
    }
    const fs::path inside = fs::path(folder->temporary()) / file.name.substr(folder_name.size() + 1);
    if (inside.parent_path() != fs::path(folder->temporary())) make_folder(inside.parent_path().string(), flag);
    write_file_in_temporary_folder(inside.string(), file.text);
  }
  for (auto& [name, folder] : folders) folder->commit_replacing(own_suffix);
  for (auto& file : loose) file->commit();
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
  refuse_if_input(path_);
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

void WholeFile::finish_writing() {
  if (finished_) return;
  if (fd_ < 0) throw OutputError(fmt::format("{}: cannot write: the file is closed", path_));
  flush_buffer();
  // Some file systems (NFS, quotas) report a full disk only at fsync or close.
  if (!temporary_.empty() && ::fsync(fd_) != 0) fail("cannot write", errno);
  const int closed = ::close(fd_);
  fd_ = -1;
  if (closed != 0) fail("cannot close", errno);
  finished_ = true;
}

void WholeFile::commit() {
  finish_writing();
  if (temporary_.empty()) return;
  refuse_if_input(path_);  // an input read after the file was begun (replay --json, then the records)
  if (::rename(temporary_.c_str(), path_.c_str()) != 0) fail("cannot rename the finished file to it", errno);
  temporary_.clear();
}

namespace {

struct Identity {
  dev_t device;
  ino_t inode;
  std::string name;
};
std::mutex inputs_mutex;
std::vector<Identity> noted_inputs;  // the files read by this run

}  // namespace

void note_input(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return;  // a pipe or device is no output
  const std::lock_guard lock(inputs_mutex);
  noted_inputs.push_back({info.st_dev, info.st_ino, path});
}

void refuse_if_input(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return;
  const std::lock_guard lock(inputs_mutex);
  struct stat now {};
  for (const Identity& input : noted_inputs)
    // The input still there under its name (a removed input's inode may be reused by a new file).
    if (input.device == info.st_dev && input.inode == info.st_ino && ::stat(input.name.c_str(), &now) == 0 &&
        now.st_dev == info.st_dev && now.st_ino == info.st_ino)
      throw OutputError(fmt::format("{}: is also an input of this run ({}): not written over", path, input.name));
}

FolderLock::FolderLock(const std::string& folder, const char* flag)
    : path_((std::filesystem::path(folder) / ".hoyito-lock").string()) {
  // The file may be removed by the run that held it between our open and our flock: then the
  // lock is on a file no longer there, and we open again (the inode compared).
  for (int attempt = 0; attempt < 100; ++attempt) {
    fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, kFileMode);
    if (fd_ < 0)
      throw OutputError(fmt::format("{} {}: cannot make its lock file: {}", flag, folder, std::strerror(errno)));
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      char pid[32] = {};
      const ssize_t got = ::read(fd_, pid, sizeof pid - 1);
      ::close(fd_);
      fd_ = -1;
      const std::string holder = got > 0 ? fmt::format(" (pid {})", std::string(pid, static_cast<size_t>(got))) : "";
      throw OutputError(fmt::format("{} {}: another hoyito run{} is writing there: wait for it or give another {}",
                                    flag, folder, holder, flag));
    }
    struct stat held {
    }, named{};
    if (::fstat(fd_, &held) == 0 && ::stat(path_.c_str(), &named) == 0 && held.st_ino == named.st_ino &&
        held.st_dev == named.st_dev) {
      const std::string pid = std::to_string(::getpid());
      if (::ftruncate(fd_, 0) == 0) write_all(fd_, pid.data(), pid.size());  // only a hint for the message
      return;
    }
    ::close(fd_);
  }
  fd_ = -1;
  throw OutputError(fmt::format("{} {}: cannot hold its lock file", flag, folder));
}

FolderLock::~FolderLock() {
  if (fd_ < 0) return;
  ::unlink(path_.c_str());  // while still held: a run waiting on it opens it again
  ::close(fd_);
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
