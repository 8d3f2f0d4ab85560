// Calibration maps: applying them and their file format (DESIGN.md "Calibration").
#include "invox/calibration.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "invox/value_signals.hpp"
#include "util/file_io.hpp"
#include "util/sha256.hpp"

namespace invox {

double MonotoneMap::apply(double raw) const {
  if (knots.empty()) return raw;
  if (!std::isfinite(raw) || raw <= knots.front().first) return knots.front().second;
  if (raw >= knots.back().first) return knots.back().second;
  auto hi = std::upper_bound(knots.begin(), knots.end(), raw,
                             [](double x, const std::pair<double, double>& k) { return x < k.first; });
  auto lo = hi - 1;
  const double width = hi->first - lo->first;
  if (width <= 0.0) return hi->second;
  return lo->second + (hi->second - lo->second) * (raw - lo->first) / width;
}

namespace {
double apply_typed(const std::map<std::string, MonotoneMap>& by_type, const MonotoneMap& global, std::string_view type,
                   double raw) {
  auto it = by_type.find(std::string(type));
  if (it == by_type.end()) return global.apply(raw);
  const MonotoneMap& own = it->second;
  // Below the lowest score the type's map was fitted on it has seen nothing: a value scored
  // lower than any in its data is no surer than the pooled map says at that score (on unseen
  // forms a text value scored 0.2 was otherwise claimed as sure as the type's worst seen, 0.9).
  if (!own.knots.empty() && raw < own.knots.front().first) return std::min(own.apply(raw), global.apply(raw));
  return own.apply(raw);
}
}  // namespace

double TypeMaps::apply(std::string_view type, double raw) const { return apply_typed(by_type, global, type, raw); }

double SignalModel::score(const std::vector<double>& values) const {
  double z = bias;
  for (size_t i = 0; i < weights.size() && i < values.size(); ++i) z += weights[i] * values[i];
  return 1.0 / (1.0 + std::exp(-z));
}

double Calibration::probability(std::string_view type, double raw, const std::vector<double>& signals) const {
  return apply(type, signal_model ? signal_model->score(signals) : raw);
}

double Calibration::apply(std::string_view type, double raw) const { return apply_typed(by_type, global, type, raw); }

std::optional<double> Calibration::apply_kept(std::string_view type, double raw) const {
  if (!kept) return std::nullopt;
  return kept->apply(type, raw);
}

namespace {

Json map_json(const MonotoneMap& m) {
  Json knots = Json::array();
  for (const auto& [x, y] : m.knots) knots.push_back(Json::array({x, y}));
  return Json{{"samples", m.samples}, {"knots", std::move(knots)}};
}

Expected<MonotoneMap> map_from_json(const Json& doc, const std::string& where) {
  if (!doc.is_object()) return Error::config(where + " must be an object with 'samples' and 'knots'");
  MonotoneMap m;
  if (auto it = doc.find("samples"); it != doc.end() && it->is_number_integer()) m.samples = it->get<long>();
  auto knots = doc.find("knots");
  if (knots == doc.end() || !knots->is_array()) return Error::config(where + ": 'knots' must be an array of [raw, p]");
  for (const auto& k : *knots) {
    if (!k.is_array() || k.size() != 2 || !k[0].is_number() || !k[1].is_number())
      return Error::config(where + ": every knot must be [raw, p] with two numbers");
    const double x = k[0].get<double>(), y = k[1].get<double>();
    if (y < 0.0 || y > 1.0) return Error::config(fmt::format("{}: probability {} is outside 0..1", where, y));
    if (!m.knots.empty() && (x < m.knots.back().first || y < m.knots.back().second))
      return Error::config(where + ": knots must be sorted and non-decreasing (a monotone map)");
    m.knots.emplace_back(x, y);
  }
  return m;
}

Json type_maps_json(const TypeMaps& maps, const Json& validation) {
  Json types = Json::object();
  for (const auto& [type, m] : maps.by_type)
    types[type] = map_json(m);
  return Json{{"samples", maps.samples},
              {"validation", validation},
              {"global", map_json(maps.global)},
              {"byType", std::move(types)}};
}

Expected<TypeMaps> type_maps_from_json(const Json& doc, const std::string& where) {
  if (!doc.is_object()) return Error::config(where + " must be an object with 'global' and 'byType'");
  TypeMaps maps;
  if (auto it = doc.find("samples"); it != doc.end() && it->is_number_integer()) maps.samples = it->get<long>();
  auto global = doc.find("global");
  if (global == doc.end()) return Error::config(where + ": no 'global' map");
  auto g = map_from_json(*global, where + ".global");
  if (!g) return g.error();
  maps.global = std::move(*g);
  if (auto it = doc.find("byType"); it != doc.end()) {
    if (!it->is_object()) return Error::config(where + ": 'byType' must be an object keyed by field type");
    for (const auto& [type, m] : it->items()) {
      auto parsed = map_from_json(m, where + ".byType." + type);
      if (!parsed) return parsed.error();
      maps.by_type[type] = std::move(*parsed);
    }
  }
  return maps;
}

Json signal_model_json(const SignalModel& m) {
  return Json{{"signals", m.signals}, {"weights", m.weights}, {"bias", m.bias}};
}

Expected<SignalModel> signal_model_from_json(const Json& doc, const std::string& origin) {
  const std::string where = origin + ": signalModel";
  if (!doc.is_object()) return Error::config(where + " must be an object with 'signals', 'weights' and 'bias'");
  SignalModel m;
  auto signals = doc.find("signals");
  auto weights = doc.find("weights");
  auto bias = doc.find("bias");
  if (signals == doc.end() || !signals->is_array() || weights == doc.end() || !weights->is_array() ||
      bias == doc.end() || !bias->is_number())
    return Error::config(where + " must have 'signals' (names), 'weights' (numbers) and 'bias' (a number)");
  for (const auto& n : *signals) {
    if (!n.is_string()) return Error::config(where + ": every signal name must be a string");
    m.signals.push_back(n.get<std::string>());
  }
  for (const auto& w : *weights) {
    if (!w.is_number() || !std::isfinite(w.get<double>())) return Error::config(where + ": every weight must be a number");
    m.weights.push_back(w.get<double>());
  }
  m.bias = bias->get<double>();
  if (m.weights.size() != m.signals.size())
    return Error::config(fmt::format("{}: {} weights for {} signals", where, m.weights.size(), m.signals.size()));
  // The weights mean nothing for signals computed differently: refuse rather than guess.
  if (m.signals != value_signal_names())
    return Error::config(where + " was fitted on another invox's value signals; re-run 'invox calibrate' with this "
                                 "invox");
  return m;
}

std::string text_member(const Json& doc, const char* key) {
  auto it = doc.find(key);
  return it != doc.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

Json to_json(const Calibration& c) {
  Json datasets = Json::array();
  for (const auto& d : c.datasets) datasets.push_back(Json{{"path", d.path}, {"cases", d.cases}, {"sha256", d.sha256}});
  Json types = Json::object();
  for (const auto& [type, m] : c.by_type) types[type] = map_json(m);
  Json doc{{"invoxCalibration", c.signal_model ? kCalibrationFormatVersion : 1},
           {"strategy", c.strategy},
           {"models", c.models},
           {"created", c.created},
           {"datasets", std::move(datasets)},
           {"samples", c.samples},
           {"rawFingerprint", c.raw_fingerprint},
           {"validation", c.validation},
           {"global", map_json(c.global)},
           {"byType", std::move(types)}};
  if (c.signal_model) doc["signalModel"] = signal_model_json(*c.signal_model);
  if (c.kept) doc["kept"] = type_maps_json(*c.kept, c.kept_validation);
  if (c.review_threshold)
    doc["reviewThreshold"] = Json{{"value", *c.review_threshold}, {"targetPrecision", c.target_precision}};
  return doc;
}

Expected<Calibration> calibration_from_json(const Json& doc, const std::string& origin) {
  auto version = doc.is_object() ? doc.find("invoxCalibration") : doc.end();
  if (!doc.is_object() || version == doc.end() || !version->is_number_integer())
    return Error::config(origin + ": not an invox calibration file (no 'invoxCalibration' version); create one "
                                  "with 'invox calibrate DATASET --out FILE'");
  if (version->get<int>() < 1 || version->get<int>() > kCalibrationFormatVersion)
    return Error::config(fmt::format("{}: calibration format {} is not supported (this invox reads 1 to {}); "
                                     "re-run 'invox calibrate'", origin, version->get<int>(), kCalibrationFormatVersion));
  Calibration c;
  c.strategy = text_member(doc, "strategy");
  c.models = text_member(doc, "models");
  c.created = text_member(doc, "created");
  c.raw_fingerprint = text_member(doc, "rawFingerprint");
  if (auto it = doc.find("samples"); it != doc.end() && it->is_number_integer()) c.samples = it->get<long>();
  if (auto it = doc.find("validation"); it != doc.end() && it->is_object()) c.validation = *it;
  if (auto it = doc.find("datasets"); it != doc.end() && it->is_array()) {
    for (const auto& d : *it) {
      if (!d.is_object()) continue;
      CalibrationDataset ds{text_member(d, "path"), 0, text_member(d, "sha256")};
      if (auto n = d.find("cases"); n != d.end() && n->is_number_integer()) ds.cases = n->get<long>();
      c.datasets.push_back(std::move(ds));
    }
  }
  // The value maps sit at the top level, in the same shape as the kept maps' object.
  auto values = type_maps_from_json(doc, origin);
  if (!values) return values.error();
  c.global = std::move(values->global);
  c.by_type = std::move(values->by_type);
  if (auto it = doc.find("signalModel"); it != doc.end()) {
    auto model = signal_model_from_json(*it, origin);
    if (!model) return model.error();
    c.signal_model = std::move(*model);
  }
  // Optional (format 1 files written before it existed have none): an older invox ignores it.
  if (auto it = doc.find("kept"); it != doc.end()) {
    auto kept = type_maps_from_json(*it, origin + ": kept");
    if (!kept) return kept.error();
    c.kept = std::move(*kept);
    if (auto v = it->find("validation"); v != it->end() && v->is_object()) c.kept_validation = *v;
  }
  // Optional too: without it a run falls back to kDefaultReviewThreshold.
  if (auto it = doc.find("reviewThreshold"); it != doc.end()) {
    auto value = it->is_object() ? it->find("value") : it->end();
    if (value == it->end() || !value->is_number() || value->get<double>() < 0.0 || value->get<double>() > 1.0)
      return Error::config(origin + ": reviewThreshold.value must be a probability from 0 to 1; re-run 'invox "
                                    "calibrate' or delete the reviewThreshold object");
    c.review_threshold = value->get<double>();
    if (auto t = it->find("targetPrecision"); t != it->end() && t->is_number()) c.target_precision = t->get<double>();
  }
  return c;
}

Expected<Calibration> load_calibration(const std::filesystem::path& path) {
  auto doc = util::read_json_file(path);
  if (!doc) return Error::config("--calibration: " + doc.error().message);
  return calibration_from_json(*doc, path.string());
}

std::string Calibration::fingerprint() const {
  return "sha256:" + util::sha256_hex(to_json(*this).dump(-1, ' ', false, Json::error_handler_t::replace));
}

}  // namespace invox
