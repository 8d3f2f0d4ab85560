#pragma once
// Omissions made visible: a field the new transcript speaks about (its label or an alias occurs)
// but whose value was not read is left empty for a person to fill, not silently.
#include <optional>
#include <string>

#include "invox/template.hpp"
#include "util/text_fold.hpp"

namespace invox::verify {

// The transcript's words naming `field` (its label or an alias, whole words, folded), or
// nullopt when it does not speak about the field. Names shorter than three letters are ignored:
// they occur by chance.
[[nodiscard]] std::optional<std::string> field_mention(const Field& field, const util::FoldedText& transcript);

}  // namespace invox::verify
