#pragma once
// What the review walk prints: one issue with its form, field, value, confidence, detail,
// question and the transcript around the evidence; the key prompt and the help. Colour codes
// only when the terminal wants them.
#include <string>

#include "review/review_form.hpp"

namespace invox::review {

// ANSI styles, or nothing at all when colour is off.
struct Style {
  bool on = false;
  [[nodiscard]] std::string bold(const std::string& s) const;
  [[nodiscard]] std::string dim(const std::string& s) const;
  [[nodiscard]] std::string red(const std::string& s) const;
  [[nodiscard]] std::string green(const std::string& s) const;
  [[nodiscard]] std::string yellow(const std::string& s) const;
  // The evidence inside a transcript line: reverse video, or >>text<< without colour.
  [[nodiscard]] std::string mark(const std::string& s) const;
};

struct Progress {
  size_t form = 0;  // 1-based
  size_t forms = 0;
  size_t issue = 0;  // 1-based
  size_t issues = 0;
};

// A value as shown to the reviewer ("(empty)" for null).
[[nodiscard]] std::string shown_value(const Json& value);

[[nodiscard]] std::string render_issue(const ReviewForm& form, const Issue& issue, const Progress& progress,
                                       const Style& style);
[[nodiscard]] std::string key_prompt(const Style& style);
[[nodiscard]] std::string help_text();
// "1) female  2) male  3) other" for an enum, "" otherwise.
[[nodiscard]] std::string options_line(const Field& field);

}  // namespace invox::review
