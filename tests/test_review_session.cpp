// The interactive review walk driven through a scripted terminal: keys, refusals, resume,
// colour, and a second writer changing a form while it is shown. tests/cli/review_tui.sh
// drives the same walk in a real terminal (tmux).
#include <catch2/catch.hpp>

#include <fstream>
#include <functional>
#include <map>

#include "invox/template_set.hpp"
#include "review/apply.hpp"
#include "review/session.hpp"
#include "support/review_fixtures.hpp"
#include "support/scratch_dir.hpp"

using namespace invox;
using namespace invox::review;
using invox::test::ScratchDir;
using invox::test::slurp;

namespace {

// Plays `input` byte by byte; `before[i]` runs just before byte i is read.
class ScriptedTerminal : public Terminal {
 public:
  ScriptedTerminal(std::string input, bool colour) : input_(std::move(input)), colour_(colour) {}
  void write(std::string_view text) override { output += text; }
  int read_byte() override {
    if (auto it = before.find(pos_); it != before.end()) it->second();
    return pos_ < input_.size() ? static_cast<unsigned char>(input_[pos_++]) : kKeyEnd;
  }
  bool pending(int) override { return pos_ < input_.size() && (input_[pos_] == '[' || input_[pos_] == 'O'); }
  bool colour() const override { return colour_; }

  std::string output;
  std::map<size_t, std::function<void()>> before;

 private:
  std::string input_;
  size_t pos_ = 0;
  bool colour_;
};

struct Folder {
  ScratchDir dir;
  TemplateSet templates;
  explicit Folder(std::initializer_list<const char*> stems) {
    (void)templates.add(invox::test::write_demo_template(dir.path()));
    for (const char* s : stems) invox::test::write_review_fixture(dir.path(), s);
  }
  SessionResult walk(ScriptedTerminal& t) {
    review::SessionOptions o{dir.path(), &templates, {}, "tester", [] { return std::string("2026-03-14T09:00:00Z"); }};
    return run_review_session(t, o);
  }
  Json filled(const std::string& stem) { return Json::parse(slurp(dir.path() / (stem + ".filled.json"))); }
  Json report(const std::string& stem) { return Json::parse(slurp(dir.path() / (stem + ".report.json"))); }
  size_t log_lines() {
    std::ifstream in(dir.path() / "review-log.jsonl");
    size_t n = 0;
    for (std::string line; std::getline(in, line);) ++n;
    return n;
  }
};

bool shows(const std::string& haystack, const std::string& needle) { return haystack.find(needle) != std::string::npos; }

}  // namespace

TEST_CASE("review walk: edit, skip, refused edit, help, quit, and a rerun continues", "[review]") {
  Folder folder{"f1", "f2"};
  // f1: name (missing) edited; temp (low_conf) skipped; sys (conflict) edited, first refused.
  ScriptedTerminal t("eAnn Lee\rs" "epurple\r95\r" "?q", false);
  const SessionResult r = folder.walk(t);
  CHECK(r.forms == 2);
  CHECK(r.decisions == 2);
  CHECK(r.quit);
  CHECK(r.completed.empty());
  const std::string& out = t.output;
  CHECK(shows(out, "2 forms to review"));
  CHECK(shows(out, "form 1/2, issue 1/3"));
  CHECK(shows(out, "form 1/2, issue 2/3"));
  CHECK(shows(out, "form 1/2, issue 3/3"));
  CHECK(shows(out, "form 2/2, issue 1/3"));
  CHECK(shows(out, "ask         What is the patient name?"));
  CHECK(shows(out, "saved: edit name -> Ann Lee"));
  CHECK(shows(out, "refused: "));
  CHECK(shows(out, "saved: edit sys -> 95"));
  CHECK(shows(out, "accept   keep the value"));  // the help
  CHECK(shows(out, ">>thirty eight point five<<"));  // the temp evidence, marked without colour
  CHECK(shows(out, "audio 1.5–2.3 s"));
  CHECK(shows(out, "Run the same command again to continue."));
  CHECK_FALSE(shows(out, "\x1b["));
  CHECK(folder.filled("f1")["filled"]["name"]["value"] == "Ann Lee");
  CHECK(folder.filled("f1")["filled"]["sys"]["value"] == 95);
  CHECK_FALSE(folder.filled("f1")["filled"]["temp"].contains("reviewed"));
  CHECK(folder.report("f1")["status"] == "needs_review");
  CHECK(folder.log_lines() == 2);

  // Again: only what is still open. f1's skipped temp comes back, alone.
  ScriptedTerminal again("aq", false);
  const SessionResult r2 = folder.walk(again);
  CHECK(shows(again.output, "form 1/2, issue 1/1"));
  CHECK(shows(again.output, "saved: accept temp -> 38.5"));
  REQUIRE(r2.completed.size() == 1);
  CHECK(r2.completed[0] == "f1");
  CHECK(folder.report("f1")["status"] == "complete");
  CHECK(folder.report("f1")["issues"].empty());
  CHECK(folder.log_lines() == 3);

  // f1 is complete now: the next walk starts at f2.
  ScriptedTerminal third("n", false);
  (void)folder.walk(third);
  CHECK(shows(third.output, "1 form to review"));
  CHECK(shows(third.output, "form 1/1, issue 1/3"));
}

TEST_CASE("review walk: clear, next form, enum options offered, unknown keys, Ctrl-C", "[review]") {
  Folder folder{"f1", "f2"};
  ScriptedTerminal t("xn" "c" "\x03", false);
  const SessionResult r = folder.walk(t);
  CHECK(shows(t.output, "unknown key; press ? for help"));
  CHECK(shows(t.output, "form 2/2, issue 1/3"));
  CHECK(shows(t.output, "saved: clear name -> (empty)"));
  CHECK(r.quit);
  CHECK(r.decisions == 1);
  CHECK(folder.filled("f2")["filled"]["name"]["reviewed"] == true);
  CHECK(folder.filled("f1")["filled"]["name"]["value"].is_null());
  CHECK_FALSE(folder.filled("f1")["filled"]["name"].contains("reviewed"));
}

TEST_CASE("review walk: colour only when the terminal wants it", "[review]") {
  Folder folder{"f1"};
  ScriptedTerminal t("sq", true);
  (void)folder.walk(t);
  CHECK(shows(t.output, "\x1b["));
  ScriptedTerminal plain("sq", false);
  (void)folder.walk(plain);
  CHECK_FALSE(shows(plain.output, "\x1b["));
}

TEST_CASE("review walk: a form another reviewer changed meanwhile is read again, not overwritten", "[review]") {
  Folder folder{"f1"};
  ScriptedTerminal t("aq", false);
  // Bob settles the shown issue (name) through --apply while Alice looks at it.
  t.before[0] = [&folder] {
    ApplyOptions o;
    o.dir = folder.dir.path();
    o.templates = &folder.templates;
    o.who = {"bob", "2026-03-14T08:59:00Z"};
    auto r = apply_decisions(Json{{"f1", {{"name", "Bob Lee"}}}}, o);
    REQUIRE(r);
    REQUIRE(r->rejected.empty());
  };
  const SessionResult r = folder.walk(t);
  CHECK(shows(t.output, "f1 changed on disk since it was shown"));
  INFO(t.output);
  CHECK(shows(t.output, "form 1/1, issue 1/2"));  // read again: name is settled, two issues left
  CHECK(r.decisions == 0);
  CHECK(folder.filled("f1")["filled"]["name"]["value"] == "Bob Lee");
  CHECK(folder.log_lines() == 1);  // bob's change only
}

TEST_CASE("review walk: nothing to review", "[review]") {
  Folder folder{};
  ScriptedTerminal t("", false);
  const SessionResult r = folder.walk(t);
  CHECK(r.forms == 0);
  CHECK(shows(t.output, "no form needs review"));
}
