#pragma once
// `invox readback`: a filled form as a spoken confirmation for hands-free use. Only filled
// fields are read, values phrased for the ear; flagged fields (issues in the report) are asked
// as questions instead; a short closing asks for confirmation.
#include <string>
#include <vector>

#include "invox/form.hpp"
#include "invox/template.hpp"

namespace invox::readback {

struct ReadbackInput {
  const FilledForm* form = nullptr;
  const Report* report = nullptr;   // optional: its issues become questions
  const Template* tmpl = nullptr;   // optional: labels, types, units; else inferred from the values
};

struct ReadbackLine {
  std::string field;  // field id; "" for the opening and the closing
  bool question = false;
  std::string text;
};

// The read-back, one sentence per line, in template order: opening, values, questions, closing.
[[nodiscard]] std::vector<ReadbackLine> readback_lines(const ReadbackInput& input);
// The lines joined, one per text line (what stdout shows and the voice says).
[[nodiscard]] std::string readback_text(const std::vector<ReadbackLine>& lines);

// A field for a value when no template is at hand: the type guessed from the JSON value
// (boolean, number, YYYY-MM-DD date, HH:MM time, else text), the label from the id.
[[nodiscard]] Field field_for_value(const std::string& id, const Json& value);

}  // namespace invox::readback
