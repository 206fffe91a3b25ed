// The `hoyito` program (cli/app.cpp does the work).
#include "cli/app.h"

int main(int argc, char** argv) { return hoyito::run_cli(argc, argv); }
