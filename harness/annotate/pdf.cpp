#include "harness/annotate/pdf.h"

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "harness/base/interrupt.h"
#include "harness/base/subprocess.h"
#include "io/output.h"

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

// Chromium binds a socket at TMPDIR/org.chromium.Chromium.XXXXXX/SingletonSocket and aborts when
// that path is over the 107 bytes a Unix socket's address holds (the base, then 63 bytes of ours and
// Chromium's): with a TMPDIR longer than this, the temporary folder goes into /tmp instead.
constexpr size_t kLongestTempBase = 40;

fs::path temp_base() {
  const fs::path chosen = fs::temp_directory_path();
  return chosen.string().size() <= kLongestTempBase ? chosen : fs::path("/tmp");
}

// A temporary folder removed when it goes out of scope, whatever happens.
struct TempFolder {
  fs::path path;
  TempFolder() {
    std::string pattern = (temp_base() / "hoyito-pdf-XXXXXX").string();
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

// Runs Chromium (`argv`) in a process group of its own (Subprocess: its output read and dropped,
// its standard error to /dev/null) and waits for it, looking at the interrupt every 100 ms: an
// interrupt kills the whole group (the browser's renderer and helper processes too) and throws
// Interrupted; what it left running when it ended is killed too. Returns its exit text,
// "exited with status 0" when it printed.
std::string run_chromium(const std::vector<std::string>& argv, const std::string& name) {
  using namespace std::chrono_literals;
  Subprocess chromium(argv, "");
  chromium.close_input();
  char buffer[4096];
  while (chromium.running()) {
    if (interrupted()) {
      chromium.kill();
      throw Interrupted(fmt::format("--format pdf: Chromium stopped before {} was printed, nothing written", name));
    }
    try {
      if (chromium.read(buffer, sizeof buffer, Subprocess::Clock::now() + 100ms) == 0)
        std::this_thread::sleep_for(100ms);
    } catch (const SubprocessTimeout&) {  // nothing said in 100 ms: look at the interrupt again
    }
  }
  std::string exit = chromium.exit_text();
  chromium.kill();  // the group's processes that outlived the browser
  return exit;
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
  // --generate-pdf-document-outline: the PDF's outline (bookmarks) from the page's headings
  // (Chromium 122 and later; the page's own margin boxes print the page numbers, not Chromium's
  // header and footer). TMPDIR: Chromium's own temporaries (org.chromium.Chromium.*) go into our
  // folder, removed with it.
  const std::string exit =
      run_chromium({"/usr/bin/env", "TMPDIR=" + temp.path.string(), chromium, "--headless", "--no-sandbox",
                    "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--user-data-dir=" + (temp.path / "profile").string(), "--no-pdf-header-footer",
                    "--generate-pdf-document-outline", "--print-to-pdf=" + pdf.string(), "file://" + page.string()},
                   name);
  const std::string bytes = fs::exists(pdf) ? read_all(pdf) : std::string();
  if (exit != "exited with status 0" || bytes.rfind("%PDF", 0) != 0)
    throw InputError(fmt::format("--format pdf: {} did not print {} ({}): nothing written", chromium, name, exit));
  make_folder(dir, "--out");
  const FolderLock lock(dir, "--out");  // one run at a time in a folder, as for every other output
  write_whole_file((fs::path(dir) / name).string(), bytes);
}

}  // namespace hoyito
