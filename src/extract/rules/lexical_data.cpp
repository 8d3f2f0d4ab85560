#include "extract/rules/lexical_data.hpp"

#include <algorithm>
#include <array>
#include <string>

namespace invox::rules {

namespace {
bool contains(const std::vector<std::string_view>& words, std::string_view w) {
  return std::find(words.begin(), words.end(), w) != words.end();
}
}  // namespace

const std::vector<std::vector<std::string_view>>& filler_phrases() {
  static const std::vector<std::vector<std::string_view>> kFillers = {
      {"let", "me", "see"}, {"let", "me", "check"}, {"let", "me", "think"}, {"you", "know"},
      {"uh"}, {"um"}, {"uhm"}, {"umm"}, {"er"}, {"erm"}, {"hmm"}, {"ah"}, {"eh"}, {"mm"}, {"uh-huh"}};
  return kFillers;
}

bool is_negation_word(std::string_view w) {
  static const std::vector<std::string_view> kNeg = {
      "no", "not", "never", "non", "nobody", "none", "without", "neither", "nor", "nothing",
      "cannot", "quit", "former", "ex", "zero", "negative", "noone", "absent", "missing", "off",
      "faulty", "broken", "failed", "defective", "inoperative", "unable"};
  if (contains(kNeg, w)) return true;
  return w.size() > 3 && w.substr(w.size() - 3) == "n't";
}

bool is_zero_quantifier(std::string_view w) {
  static const std::vector<std::string_view> kZero = {"no", "nobody", "none", "zero", "noone"};
  return contains(kZero, w);
}

bool is_auxiliary_word(std::string_view w) {
  static const std::vector<std::string_view> kAux = {
      "be", "been", "was", "were", "is", "are", "am", "one", "a", "an", "the", "any", "need", "needed", "to",
      "have", "has", "had", "get", "got", "really", "currently", "yet", "ever", "so", "did", "do", "does"};
  return contains(kAux, w);
}

bool is_affirmation_word(std::string_view w) {
  static const std::vector<std::string_view> kYes = {"yes", "yeah", "yep", "true", "required",
                                                        "affirmative", "correct", "confirmed"};
  return contains(kYes, w);
}

bool is_stopword(std::string_view w) {
  static const std::vector<std::string_view> kStop = {
      "a", "an", "the", "and", "or", "but", "of", "to", "in", "on", "at", "by", "for", "from",
      "with", "as", "is", "are", "was", "were", "be", "been", "being", "it", "its", "it's", "this",
      "that", "these", "those", "he", "she", "they", "we", "i", "you", "his", "her", "their",
      "our", "my", "your", "me", "him", "them", "us", "so", "then", "there", "here", "where",
      "when", "who", "what", "which", "how", "up", "down", "out", "over", "into", "through",
      "until", "till", "about", "see", "left", "right", "now", "also", "just", "has", "have",
      "had", "do", "does", "did", "will", "would", "can", "could", "should", "any", "some",
      "all", "none"};
  return contains(kStop, w);
}

bool is_linking_word(std::string_view w) {
  static const std::vector<std::string_view> kLink = {
      "is", "are", "was", "were", "be", "been", "being", "of", "at", "to", "for", "by", "on",
      "the", "a", "an", "about", "around", "approximately", "roughly", "approx", "should",
      "read", "reads", "reading", "now", "currently", "it's", "its", "that's", "says", "said",
      "say", "it", "will", "today's", "just", "like", "more", "s", "has", "have", "had",
      "called", "named", "number"};
  return contains(kLink, w);
}

const std::vector<std::vector<std::string_view>>& correction_markers() {
  static const std::vector<std::vector<std::string_view>> kMarkers = {
      {"no", "sorry"}, {"no", "wait"}, {"sorry", "no"}, {"wait", "no"}, {"scratch", "that"},
      {"strike", "that"}, {"make", "that"}, {"make", "it"}, {"i", "mean"}, {"or", "rather"},
      {"correction"}, {"actually"}, {"sorry"}, {"rather"}, {"wait"}, {"no"}};
  return kMarkers;
}

const std::vector<std::vector<std::string_view>>& rejection_markers() {
  static const std::vector<std::vector<std::string_view>> kMarkers = {
      {"instead", "of"}, {"rather", "than"}, {"and", "not"}, {"but", "not"}, {"not"}};
  return kMarkers;
}

bool is_list_separator(std::string_view w) {
  static const std::vector<std::string_view> kSep = {"and", "also", "plus", "&", "as", "well"};
  return contains(kSep, w);
}

std::vector<std::string_view> unit_words(std::string_view unit) {
  std::string u;
  for (char c : unit) u += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (u == "kg" || u == "kgs") return {"kg", "kilos", "kilo", "kilograms", "kilogram"};
  if (u == "g") return {"grams", "gram"};
  if (u == "lb" || u == "lbs") return {"pounds", "pound", "lbs", "lb"};
  if (u == "cm") return {"cm", "centimeters", "centimetres", "centimeter", "centimetre"};
  if (u == "mm") return {"mm", "millimeters", "millimetres"};
  if (u == "m") return {"meters", "metres", "meter", "metre"};
  if (u == "km") return {"km", "kilometers", "kilometres"};
  if (u == "°c" || u == "c" || u == "celsius") return {"degrees", "celsius", "°c"};
  if (u == "°f" || u == "f") return {"degrees", "fahrenheit", "°f"};
  if (u == "bpm") return {"bpm", "beats"};
  if (u == "%") return {"percent", "per", "%"};
  if (u == "h" || u == "hr" || u == "hrs" || u == "hours") return {"hours", "hour", "hrs", "hr"};
  if (u == "min" || u == "minutes") return {"minutes", "minute", "mins"};
  if (u == "usd" || u == "$") return {"dollars", "dollar", "bucks", "usd"};
  if (u == "eur" || u == "€") return {"euros", "euro", "eur"};
  if (u == "gbp" || u == "£") return {"pounds", "quid", "gbp"};
  if (u == "days" || u == "d") return {"days", "day"};
  if (u == "bar") return {"bar"};
  if (u == "psi") return {"psi"};
  if (u == "mmhg") return {"mmhg"};
  if (u == "l" || u == "liters" || u == "litres") return {"liters", "litres", "liter", "litre"};
  if (u == "ml") return {"ml", "milliliters", "millilitres"};
  if (u.find("breaths") != std::string::npos) return {"breaths"};
  return {};
}

bool is_person_word(std::string_view w) {
  static const std::vector<std::string_view> kPerson = {
      "name", "names", "person", "persons", "people", "who", "colleague", "manager", "technician",
      "physician", "clinician", "doctor", "inspector", "reporter", "witness", "witnesses",
      "employee", "requester", "policyholder", "patient", "driver", "nurse", "owner", "contact",
      "supervisor", "insured"};
  return contains(kPerson, w);
}

std::vector<std::string_view> synonyms_of(std::string_view stem) {
  // Stems as produced by word_forms.cpp `stem()`.
  static const std::vector<std::vector<std::string_view>> kGroups = {
      {"hurt", "injur", "injuri", "harm"},
      {"told", "inform", "notifi"},
      {"call", "phon", "ring"},
      {"meds", "medication", "medicin", "drug"},
      {"temp", "temperatur"},
      {"reachabl", "reach", "contactabl", "availabl"},
  };
  for (const auto& g : kGroups) {
    if (std::find(g.begin(), g.end(), stem) != g.end()) return g;
  }
  return {};
}

}  // namespace invox::rules
