#include "harness/annotate/pdf.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include <fmt/format.h>

#include "io/output.h"

extern char** environ;

namespace hoyito {

namespace fs = std::filesystem;

namespace {

std::string on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::string_view dirs = path ? path : "";
  while (!dirs.empty()) {
    const size_t colon = dirs.find(':');
    const fs::path candidate = fs::path(std::string(dirs.substr(0, colon))) / program;
    if (!candidate.parent_path().empty() && access(candidate.c_str(), X_OK) == 0) return candidate.string();
    dirs = colon == std::string_view::npos ? std::string_view{} : dirs.substr(colon + 1);
  }
  return {};
}

// A temporary folder removed when it goes out of scope, whatever happens.
struct TempFolder {
  fs::path path;
  TempFolder() {
    std::string pattern = (fs::temp_directory_path() / "hoyito-pdf-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw InputError("--format pdf: cannot make a temporary folder");
    path = pattern;
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  ~TempFolder() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
};

// Runs `argv` with its output to /dev/null; its exit status, -1 when it could not be started.
int run_quietly(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return -1;
  int status = 0;
  if (waitpid(pid, &status, 0) < 0) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string read_all(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

std::string require_chromium() {
  if (const char* chosen = std::getenv("HOYITO_CHROMIUM")) {
    if (access(chosen, X_OK) == 0) return chosen;
    throw InputError(
        fmt::format("--format pdf: HOYITO_CHROMIUM={} is not a program: install the Debian package chromium", chosen));
  }
  for (const char* name : {"chromium", "chromium-browser"})
    if (std::string found = on_path(name); !found.empty()) return found;
  throw InputError("--format pdf needs Chromium, not found on PATH: install the Debian package chromium");
}

void write_pdf(const std::string& dir, const std::string& name, const std::string& html) {
  const std::string chromium = require_chromium();
  const TempFolder temp;
  const fs::path page = temp.path / "page.html", pdf = temp.path / "page.pdf";
  write_whole_file(page.string(), html);
  const int status = run_quietly({chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                                  "--user-data-dir=" + (temp.path / "profile").string(), "--no-pdf-header-footer",
                                  "--print-to-pdf=" + pdf.string(), "file://" + page.string()});
  const std::string bytes = fs::exists(pdf) ? read_all(pdf) : std::string();
  if (status != 0 || bytes.rfind("%PDF", 0) != 0)
    throw InputError(
        fmt::format("--format pdf: {} did not print {} (exit {}): nothing written", chromium, name, status));
  make_folder(dir, "--out");
  write_whole_file((fs::path(dir) / name).string(), bytes);
}

}  // namespace hoyito
