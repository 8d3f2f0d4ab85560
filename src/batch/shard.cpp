#include "batch/shard.hpp"

#include <charconv>

#include <fmt/format.h>

namespace invox::batch {

namespace {
bool parse_int(std::string_view s, int& out) {
  if (s.empty()) return false;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && ptr == s.data() + s.size();
}
}  // namespace

Expected<Shard> parse_shard(std::string_view text) {
  const auto slash = text.find('/');
  Shard s;
  if (slash == std::string_view::npos || !parse_int(text.substr(0, slash), s.index) ||
      !parse_int(text.substr(slash + 1), s.count)) {
    return Error::config(fmt::format("--shard '{}': expected K/N with whole numbers, e.g. 2/8", text));
  }
  if (s.count < 1 || s.index < 1 || s.index > s.count) {
    return Error::config(fmt::format("--shard '{}': K must be between 1 and N (shards are numbered from 1)", text));
  }
  return s;
}

InputList select_shard(InputList inputs, const Shard& shard) {
  if (shard.count <= 1) return inputs;
  InputList out;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (static_cast<int>(i % static_cast<size_t>(shard.count)) != shard.index - 1) continue;
    const BatchInput in = inputs[i];
    out.add(in.path, in.from_stdin);
    out.set_stem(out.size() - 1, in.stem);
  }
  out.shrink_to_fit();
  return out;
}

}  // namespace invox::batch
