// STUB (issue 2 replaces this file with the CLI11 front end).
#include <cstdio>

int main() {
  std::puts("invox " INVOX_VERSION);
  return 0;
}
