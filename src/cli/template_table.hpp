#pragma once
// `invox template show`: a template's fields as a plain-text table for people.
#include <string>

#include "invox/template.hpp"

namespace invox::cli {

// Header lines (id, title, domain) and one row per field: id, label, type, required,
// unit/range and options (with their aliases); constraints listed after the table.
[[nodiscard]] std::string render_template_table(const Template& tmpl);

}  // namespace invox::cli
