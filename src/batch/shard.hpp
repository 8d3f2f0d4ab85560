#pragma once
// `--shard K/N`: the K-th (1-based) of N deterministic slices of the input list, so job arrays
// can spread one folder over machines. Every shard must be given the same inputs.
#include <string_view>
#include <vector>

#include "batch/inputs.hpp"
#include "invox/expected.hpp"

namespace invox::batch {

struct Shard {
  int index = 1;  // K, 1..count
  int count = 1;  // N
};

// "3/8" -> {3, 8}. Config error naming the accepted form otherwise.
[[nodiscard]] Expected<Shard> parse_shard(std::string_view text);

// Round-robin over the discovered (sorted) order: input i belongs to shard (i mod N) + 1. The
// shards partition the list exactly and differ in size by at most one.
[[nodiscard]] InputList select_shard(InputList inputs, const Shard& shard);

}  // namespace invox::batch
