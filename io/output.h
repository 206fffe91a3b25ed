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
//
// Temporaries are named ".NAME.tmp-PID-XXXXXX" (NAME the file's or folder's, PID the process's).
// A run ended by SIGKILL or a power cut cannot remove its own: the next run that writes NAME in
// that folder removes those of NAME whose process is gone (sweep_stale_temporaries), never a
// live run's.
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
  // Throws OutputError when the file cannot be made. `sweep`: first remove stale temporaries of
  // this name (sweep_stale_temporaries); false for the many files of one run into one folder.
  explicit WholeFile(std::string path, bool sweep = true);
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

// A folder made whole or not at all: its files are written into a temporary folder beside
// `path` (".NAME.tmp-PID-XXXXXX"), and commit() moves them into `path` (made if missing). Not
// committed (an exception, an interrupt): the temporary folder and all in it are removed.
class WholeFolder {
 public:
  explicit WholeFolder(std::string path);  // throws OutputError when the folder cannot be made
  WholeFolder(const WholeFolder&) = delete;
  WholeFolder& operator=(const WholeFolder&) = delete;
  ~WholeFolder();

  const std::string& temporary() const { return temporary_; }  // where to write the files now
  // Moves every file into `path`: renamed whole when `path` is missing or empty, else file by
  // file (each rename replaces a file of the same name). Throws OutputError.
  void commit();

 private:
  std::string path_, temporary_;
};

// Removes the temporaries ".NAME.tmp-PID-XXXXXX" beside `path` left by processes that no longer
// run (a SIGKILLed run), and those of the older ".NAME.tmp-XXXXXX" naming over a day old.
// Returns how many were removed. WholeFile and WholeFolder call it before writing.
int sweep_stale_temporaries(const std::string& path);

// Makes the folder `path` and its parents if missing; throws OutputError "FLAG PATH: cannot make
// the folder: REASON" when it cannot (a file of that name, no permission, an empty name).
void make_folder(const std::string& path, const char* flag);

// The whole of `text` as the file `path` (WholeFile, committed).
void write_whole_file(const std::string& path, std::string_view text);

// `text` as the new file `path` inside a WholeFolder's temporary folder (which is itself whole or
// absent): written in place, every write checked; throws OutputError naming the file.
void write_file_in_temporary_folder(const std::string& path, std::string_view text);

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
