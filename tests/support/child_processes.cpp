#include "support/child_processes.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <vector>

#include <catch2/catch.hpp>

namespace invox::test {

void run_in_child_processes(int count, const std::function<int(int)>& body) {
  std::vector<pid_t> children;
  for (int i = 0; i < count; ++i) {
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      int rc = 1;
      try {
        rc = body(i);
      } catch (...) {
      }
      ::_exit(rc);  // no atexit handlers, no Catch reporting from the child
    }
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
  }
}

}  // namespace invox::test
