// The invox executable: everything happens in the library and in cli::run.
#include "cli/app.hpp"

int main(int argc, char** argv) { return invox::cli::run(argc, argv); }
