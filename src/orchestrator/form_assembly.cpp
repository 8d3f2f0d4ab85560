#include "orchestrator/form_assembly.hpp"

#include <algorithm>
#include <charconv>

#include "invox/group.hpp"
#include "orchestrator/clarify.hpp"

namespace invox {

namespace {

// Per-item details of a group value: every set sub-value gets `confidence` unless `given` (the
// extractor's, by item) already has one.
std::vector<ItemDetails> item_details(const Json& value, double confidence, std::vector<ItemDetails> given = {}) {
  if (!value.is_array()) return {};
  given.resize(value.size());
  for (size_t i = 0; i < value.size(); ++i) {
    if (!value[i].is_object()) continue;
    for (const auto& [sub, v] : value[i].items()) {
      if (!v.is_null()) given[i].confidence.try_emplace(sub, confidence);
    }
  }
  return given;
}

// DESIGN.md: a group's confidence is the lowest of its items'.
double group_confidence(const std::vector<ItemDetails>& items, double otherwise) {
  std::optional<double> lowest;
  for (const auto& item : items) {
    if (auto c = item.lowest_confidence()) lowest = lowest ? std::min(*lowest, *c) : *c;
  }
  return lowest.value_or(otherwise);
}

FilledField carried(const CurrentValue* cur) {
  FilledField f;
  if (!cur || cur->value.is_null()) return f;  // null, source "", confidence 0
  f.value = cur->value;
  f.source = cur->source;
  f.confidence = 1.0;
  f.locked = cur->locked;
  f.items = item_details(f.value, 1.0);
  return f;
}

bool same_value(const Json& current, const Json& candidate, const Field& field) {
  return current == candidate || values_match(current, candidate, field);
}

// What a CF issue is about, for its question: a group's sub-field and the raw sub-value the
// extractor gave when the issue names a path ("vehicles[1].colour"), else the field and its value.
std::pair<const Field*, Json> issue_subject(const Field& field, const Json& raw, const std::string& path,
                                            const std::vector<size_t>& source_item) {
  const size_t open = path.find('['), close = path.find("].");
  if (!field.is_group() || open == std::string::npos || close == std::string::npos || close < open) return {&field, raw};
  size_t index = 0;
  const auto [end, ec] = std::from_chars(path.data() + open + 1, path.data() + close, index);
  const Field* sub = field.find(path.substr(close + 2));
  if (ec != std::errc() || end != path.data() + close || !sub || index >= source_item.size()) return {&field, raw};
  const Json items = raw.is_object() ? Json::array({raw}) : raw;
  const size_t source = source_item[index];
  if (!items.is_array() || source >= items.size()) return {sub, Json()};
  return {sub, sub_value(items[source], *sub)};
}

}  // namespace

bool is_writable(const Template& tmpl, const CurrentValues& current, const std::string& field_id) {
  if (!tmpl.find(field_id)) return false;
  auto it = current.find(field_id);
  return it == current.end() || !it->second.locked;
}

CfCandidates normalize_candidates(const std::map<std::string, Candidate>& candidates, const Template& tmpl,
                                  const CurrentValues& current, const NormalizeContext& context) {
  CfCandidates out;
  for (const auto& [id, cand] : candidates) {
    if (cand.value.is_null() || !is_writable(tmpl, current, id)) continue;
    const Field& field = *tmpl.find(id);
    CfCandidate c;
    c.confidence = std::clamp(cand.confidence, 0.0, 1.0);
    c.evidence = cand.evidence;
    c.signals = cand.signals;
    NormalizeResult r;
    std::vector<size_t> source_item;
    if (field.is_group()) {
      // Items CF drops take their details with them: details follow the item they came from.
      GroupNormalizeResult g = normalize_group_value(cand.value, field, context);
      r = std::move(g.result);
      source_item = g.source_item;
      std::vector<ItemDetails> given;
      for (size_t source : g.source_item) given.push_back(source < cand.items.size() ? cand.items[source] : ItemDetails{});
      for (auto& item : given)
        for (auto& [sub, conf] : item.confidence) conf = std::clamp(conf, 0.0, 1.0);
      c.items = item_details(r.value, c.confidence, std::move(given));
      c.confidence = group_confidence(c.items, c.confidence);
    } else {
      r = normalize_value_for_field(cand.value, field, context);
    }
    c.value = std::move(r.value);
    if (r.issue) {
      Issue issue = *r.issue;
      // A group's issue names the sub-value ("vehicles[1].colour"); the rest name the field.
      if (!field.is_group() || issue.field.empty()) issue.field = id;
      // An ambiguous value needs the speaker ("3/4/92": March or April?); a value CF cannot
      // read may be fixed by asking the model again with CF's reason as a hint.
      issue.action = issue.type == IssueType::Ambiguous ? IssueAction::Clarify : IssueAction::Requery;
      const auto [subject, raw] = issue_subject(field, cand.value, issue.field, source_item);
      attach_question(issue, *subject, raw, context);
      c.issue = std::move(issue);
    }
    out[id] = std::move(c);
  }
  return out;
}

std::vector<std::pair<std::string, FilledField>> assemble_fields(const Template& tmpl, const CurrentValues& current,
                                                                 const CfCandidates& candidates) {
  std::vector<std::pair<std::string, FilledField>> filled;
  filled.reserve(tmpl.fields.size());
  for (const Field& field : tmpl.fields) {
    const auto cur_it = current.find(field.id);
    const CurrentValue* cur = cur_it == current.end() ? nullptr : &cur_it->second;
    const auto cand_it = candidates.find(field.id);
    const bool usable = cand_it != candidates.end() && !cand_it->second.value.is_null() && !(cur && cur->locked);
    if (!usable) {
      filled.emplace_back(field.id, carried(cur));
      continue;
    }
    const CfCandidate& c = cand_it->second;
    const bool has_current = cur && !cur->value.is_null();
    if (has_current && same_value(cur->value, c.value, field)) {
      FilledField f = carried(cur);
      f.evidence = c.evidence;  // the transcript confirms it: keep where it was said
      if (c.items.size() == f.items.size()) {
        for (size_t i = 0; i < f.items.size(); ++i) f.items[i].evidence = c.items[i].evidence;
      }
      filled.emplace_back(field.id, std::move(f));
      continue;
    }
    FilledField f;
    f.value = c.value;
    f.changed = true;
    f.previous_value = has_current ? cur->value : Json(nullptr);
    f.source = "ai";
    f.confidence = c.confidence;
    f.evidence = c.evidence;
    f.items = c.items;
    f.extractor_signals = c.signals;
    filled.emplace_back(field.id, std::move(f));
  }
  return filled;
}

}  // namespace invox
