#pragma once
// Multi-process tests (several invox processes sharing one store or cache file).
#include <functional>

namespace invox::test {

// Forks `count` children that run at the same time; child i runs body(i) and exits with its
// return value (0 = success; print the reason to stderr otherwise). Returns after checking
// (Catch CHECKs) that every child exited normally with 0.
void run_in_child_processes(int count, const std::function<int(int)>& body);

}  // namespace invox::test
