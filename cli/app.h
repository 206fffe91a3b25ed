// The whole `hoyito` program as a function: parses argv, runs the command, returns the exit
// code (0 success, 1 a check failed, 2 bad input, 3 internal error). Output goes to std::cout
// and std::cerr. Used by main.cpp and by the command-line fuzz target.
#pragma once

namespace hoyito {

int run_cli(int argc, const char* const* argv);

}  // namespace hoyito
