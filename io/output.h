// Checked output: every write and every close is checked, and a file is seen whole or not at
// all. A failure throws OutputError (an InputError: the program exits 2) with one line naming the
// file and the system's reason, e.g. "out.jsonl: cannot write: No space left on device".
//
//   WholeFile out("games.jsonl");   // writes to a temporary name in the same folder
//   out.write(line);                // buffered; a failed write throws
//   out.commit();                   // flush, close, rename to "games.jsonl"
//   // not committed (an exception, an interrupt): the temporary is removed, nothing is left
//
// A path that names an existing device or pipe (/dev/null, /dev/stdout, a FIFO) cannot be
// renamed over: it is written in place, still checked.
#pragma once

#include <streambuf>
#include <string>
#include <string_view>

#include "core/rules.h"

namespace hoyito {

struct OutputError : InputError {
  using InputError::InputError;
};

class WholeFile {
 public:
  explicit WholeFile(std::string path);  // throws OutputError when the file cannot be made
  WholeFile(const WholeFile&) = delete;
  WholeFile& operator=(const WholeFile&) = delete;
  ~WholeFile();  // not committed: the temporary is removed

  void write(std::string_view text);  // throws OutputError at the first failed write
  void commit();                      // flushes, closes and renames; throws OutputError
  const std::string& path() const { return path_; }

 private:
  void flush_buffer();
  [[noreturn]] void fail(const char* doing, int error);

  std::string path_, temporary_;  // temporary_ empty: written in place (a device or a pipe)
  std::string buffer_;
  int fd_ = -1;
};

// Makes the folder `path` and its parents if missing; throws OutputError "FLAG PATH: cannot make
// the folder: REASON" when it cannot (a file of that name, no permission, an empty name).
void make_folder(const std::string& path, const char* flag);

// The whole of `text` as the file `path` (WholeFile, committed).
void write_whole_file(const std::string& path, std::string_view text);

// While one lives, std::cout writes through a buffer of its own to file descriptor 1 that keeps
// the system's reason for the first failed write (the C library's buffer loses it), so that
// write_stdout and flush_stdout can name it. run_cli makes one; it restores std::cout's buffer.
class CheckedStdout {
 public:
  CheckedStdout();
  CheckedStdout(const CheckedStdout&) = delete;
  CheckedStdout& operator=(const CheckedStdout&) = delete;
  ~CheckedStdout();

 private:
  std::streambuf* previous_;
};

// Standard output, checked: writes `text` to std::cout and throws OutputError "standard output:
// cannot write: REASON" if it failed (a full disk, a closed pipe with SIGPIPE ignored). Long
// writers call it per record, so that they stop at the first failed write.
void write_stdout(std::string_view text);
// Flushes std::cout; throws OutputError as write_stdout does. run_cli calls it before exiting.
void flush_stdout();

}  // namespace hoyito
