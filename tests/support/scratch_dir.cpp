#include "support/scratch_dir.hpp"

#include <unistd.h>

#include <catch2/catch.hpp>

#include <atomic>
#include <fstream>
#include <sstream>

#include "util/file_io.hpp"

namespace invox::test {

namespace fs = std::filesystem;

ScratchDir::ScratchDir() {
  static std::atomic<unsigned> counter{0};
  path_ = fs::temp_directory_path() /
          ("invox-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  fs::remove_all(path_);
  fs::create_directories(path_);
}

ScratchDir::~ScratchDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

fs::path ScratchDir::write(const std::string& name, const std::string& content) const {
  const fs::path p = path_ / name;
  fs::create_directories(p.parent_path());
  std::ofstream out(p, std::ios::binary);
  out << content;
  return p;
}

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

Json read_json(const fs::path& path) {
  auto doc = util::read_json_file(path);
  INFO(path.string());
  REQUIRE(doc.has_value());
  return *doc;
}

}  // namespace invox::test
