#include "extract/rules/doctor_introductions.hpp"

#include <optional>

#include "extract/rules/corrections.hpp"
#include "extract/rules/lexical_data.hpp"
#include "extract/rules/text_values.hpp"

namespace invox::rules {

namespace {
constexpr double kDoctorNameScore = 0.85;  // as a name tied to its speaker's labelled role
constexpr size_t kNameRegion = 6;

// The one person field for a doctor's role, or nullopt when there is none or several.
std::optional<size_t> doctor_field(const Scan& s) {
  std::optional<size_t> found;
  for (size_t g = 0; g < s.lex.fields.size(); ++g) {
    if (!s.lex.fields[g].doctor_role) continue;
    if (found) return std::nullopt;
    found = g;
  }
  return found;
}

bool is_doctor_title(const std::string& norm) {
  for (const auto& h : words().honorifics)
    if (h.written == "Dr.")
      for (const auto& spoken : h.spoken)
        if (spoken == norm) return true;
  return false;
}

// Where the title of "I'm Dr. Nnamdi Okafor" is, when token i starts such an introduction.
std::optional<size_t> doctor_title_after_intro(const Scan& s, size_t i) {
  const size_t n = marker_length(s, i, words().self_introductions);
  if (n == 0) return std::nullopt;
  const size_t title = s.skip_fillers(i + n);
  if (title >= s.size() || !is_doctor_title(s.tok(title).norm)) return std::nullopt;
  return title;
}
}  // namespace

std::vector<FieldCandidate> read_doctor_introductions(const Scan& s, size_t field) {
  if (doctor_field(s) != field) return {};
  std::vector<FieldCandidate> out;
  for (size_t i = 0; i < s.size(); ++i) {
    auto title = doctor_title_after_intro(s, i);
    if (!title) continue;
    const size_t from = s.skip_fillers(*title + 1);
    if (from >= s.size()) continue;
    auto c = read_person_at(s, field, from, s.region_end(from, field, false, kNameRegion));
    // A surname alone ("I'm Dr. Okafor") is how doctors are addressed, not the name a form wants.
    if (!c || c->first != from || c->last - c->first < 2) continue;
    c->score = kDoctorNameScore;
    c->cue_first = i;
    out.push_back(*c);
    i = c->last - 1;
  }
  return out;
}

bool introduces_doctor_of_other_field(const Scan& s, size_t i, size_t field) {
  auto doctor = doctor_field(s);
  return doctor && *doctor != field && doctor_title_after_intro(s, i);
}

}  // namespace invox::rules
