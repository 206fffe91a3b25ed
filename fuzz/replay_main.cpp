// Replays saved inputs through a fuzz target without libFuzzer: every regular file of every
// folder given (and every file given), in name order, goes to LLVMFuzzerTestOneInput once.
// A failing input aborts, as under libFuzzer, after the name of the file is printed; so the
// saved crash, regression and corpus inputs run as ordinary tests (fuzz/CMakeLists.txt).
//
//   <target>_fuzzer_replay FOLDER-OR-FILE...
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FOLDER-OR-FILE...\n", argv[0]);
    return 2;
  }
  std::vector<fs::path> inputs;
  for (int i = 1; i < argc; ++i) {
    const fs::path given = fs::absolute(argv[i]);  // the target may change folders
    std::error_code ec;
    if (fs::is_directory(given, ec)) {
      std::vector<fs::path> files;
      for (const auto& entry : fs::directory_iterator(given))
        if (entry.is_regular_file() && entry.path().filename().string().front() != '.') files.push_back(entry.path());
      std::sort(files.begin(), files.end());
      inputs.insert(inputs.end(), files.begin(), files.end());
    } else if (fs::is_regular_file(given, ec)) {
      inputs.push_back(given);
    } else {
      std::fprintf(stderr, "%s: not a file or folder\n", argv[i]);
      return 2;
    }
  }
  for (const fs::path& path : inputs) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "%s: cannot read\n", path.c_str());
      return 2;
    }
    const std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    std::fprintf(stderr, "replaying %s (%zu bytes)\n", path.c_str(), bytes.size());
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  }
  std::printf("%zu input(s) replayed, none failed\n", inputs.size());
  return 0;
}
