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

#include <functional>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

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
  void finish_writing();              // flushes and closes, no rename yet (commit renames)
  const std::string& path() const { return path_; }

 private:
  void flush_buffer();
  [[noreturn]] void fail(const char* doing, int error);

  std::string path_, temporary_;  // temporary_ empty: written in place (a device or a pipe)
  std::string buffer_;
  int fd_ = -1;
  bool finished_ = false;
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
  // Swaps the folder in whole: an existing `path` is renamed aside and removed after, so that no
  // stale file of an earlier run stays. Only when `path` is missing, empty or holds nothing but
  // files ending in `own_suffix` (this command's kind, e.g. ".svg"); else OutputError, nothing
  // changed. check_replaceable() makes that check alone, before any file is committed.
  void commit_replacing(std::string_view own_suffix);
  void check_replaceable(std::string_view own_suffix) const;

 private:
  std::string path_, temporary_;
};

// Removes the temporaries ".NAME.tmp-PID-XXXXXX" beside `path` left by processes that no longer
// run (a SIGKILLed run), and those of the older ".NAME.tmp-XXXXXX" naming over a day old.
// Returns how many were removed. WholeFile and WholeFolder call it before writing.
int sweep_stale_temporaries(const std::string& path);

// Inputs and outputs kept apart (issue 36): every file a reader opens (io/record's LineReader)
// is noted by its identity (device and inode, so another name, a link or "./x" is the same
// file), and a WholeFile whose target is a noted input is refused, when made and again before
// its rename: "PATH: is also an input of this run (INPUT): not written over".
void note_input(const std::string& path);
// Throws OutputError when `path` exists and is one of the noted inputs.
void refuse_if_input(const std::string& path);

// A folder that is one command's whole output (suite --out): written fresh beside it, a marker
// file ".hoyito-output" naming the command and its files written last, then swapped in. An
// existing non-empty folder is replaced only with `force`, and only when it holds nothing but
// a previous output of the same command (its marker and the files the marker lists); never ".",
// "..", "/", $HOME, the current folder or one above it. `fill` writes the files into the
// folder it is given and returns their names. Throws OutputError (nothing changed) otherwise.
void write_command_folder(const std::string& path, const std::string& command, bool force,
                          const std::function<std::vector<std::string>(const std::string&)>& fill);

// The files of one output set (a page and its SVG folder, the rule book and its images, the
// examples) made whole together: each folder whose name ends in `folder_suffix` ("-svg") is
// written fresh beside and swapped in, its old files removed (they must all end in `own_suffix`,
// ".svg": else it is refused before any work), the other files through WholeFiles; nothing is
// renamed into place until every file is written, so a full disk leaves the old set as it was.
struct OutputFileText {
  std::string name;  // relative to the folder: "rulebook.md", "rulebook-svg/brd-4.svg"
  std::string_view text;
};
void write_output_set(const std::string& dir, const std::vector<OutputFileText>& files, const char* flag,
                      std::string_view folder_suffix, std::string_view own_suffix);

// One run at a time in an output folder (issue 36): while a FolderLock lives, the file
// ".hoyito-lock" in `folder` is held with flock(2) (released by the kernel if the run is killed)
// and holds the run's pid; a second run into that folder is refused with OutputError "FLAG
// FOLDER: another hoyito run (pid N) is writing there: wait for it or give another FLAG". The
// file is removed when the lock is released.
class FolderLock {
 public:
  FolderLock(const std::string& folder, const char* flag);
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;
  ~FolderLock();

 private:
  std::string path_;
  int fd_ = -1;
};

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
