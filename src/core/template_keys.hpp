#pragma once
// Template key checking: a misspelled key ("tpye", "requried", "option_aliases") would
// otherwise be ignored silently and the field would quietly lose its type, flag or options.
#include <array>
#include <span>
#include <optional>
#include <string>
#include <string_view>

#include "invox/json.hpp"

namespace invox::detail {

inline constexpr std::array<std::string_view, 7> kTemplateKeys = {"id", "title", "domain", "description",
                                                                          "version", "fields", "constraints"};
inline constexpr std::array<std::string_view, 15> kFieldKeys = {
    "id", "label", "type", "required", "description", "unit", "guidelines",
    "aliases", "options", "optionAliases", "min", "max", "fields", "minItems", "maxItems"};
inline constexpr std::array<std::string_view, 4> kConstraintKeys = {"left", "op", "right", "message"};

// For the first key of `obj` that is not in `known` but looks like a misspelling of one
// (same letters ignoring case, '_' and '-', or at most two edits away), returns the problem
// ("unknown key 'tpye' (did you mean 'type'?)"). Keys unlike any known key are left alone so
// templates can carry their own annotations.
[[nodiscard]] std::optional<std::string> misspelled_key(const Json& obj, std::span<const std::string_view> known);

}  // namespace invox::detail
