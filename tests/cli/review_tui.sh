#!/usr/bin/env bash
# `invox review` in a real terminal (tmux): single keys accept / edit (valid and refused) /
# clear / skip / help / quit, resume on a rerun, NO_COLOR vs colour, exit 2 without a
# terminal, and a second writer (--apply) changing the shown form: it is re-read, not
# overwritten. Fixture: tests/data/review (a template and two needs_review forms).
BIN=$1; SRC=$2
source "$(dirname "$0")/lib/assert.sh"
command -v tmux >/dev/null || { echo "SKIP: tmux is not installed (scripts/install-deps.sh)"; exit 77; }
cp -r "$SRC/tests/data/review/." "$WORK/"
cd "$WORK" || fail "cd"
SOCK="$WORK/tmux.sock"
T() { tmux -S "$SOCK" "$@"; }
trap 'tmux -S "$SOCK" kill-server 2>/dev/null; rm -rf "$WORK" "$ERRFILE"' EXIT

screen() { T capture-pane -p -t rv -S -300; }
# wait_for TEXT: until the pane shows TEXT (10 s at most).
wait_for() {
  for _ in $(seq 200); do
    screen | grep -qF -- "$1" && return 0
    sleep 0.05
  done
  fail "the terminal never showed [$1]; it shows:
$(screen)"
}
# wait_count TEXT N: until the pane shows TEXT at least N times (a message seen before).
wait_count() {
  for _ in $(seq 200); do
    (( $(screen | grep -cF -- "$1") >= $2 )) && return 0
    sleep 0.05
  done
  fail "the terminal never showed [$1] $2 times; it shows:
$(screen)"
}
keys() { T send-keys -t rv "$@"; }
# start ENV...: runs the review of $REVIEW_DIR (default out) in a fresh 120x50 pane; EXIT=<code> is
# printed when it ends.
# Each walk gets its own tmux server (socket): a server still shutting down cannot take the
# next session with it.
WALK=0
start() {
  T kill-server 2>/dev/null
  WALK=$((WALK + 1)); SOCK="$WORK/tmux-$WALK.sock"
  T -f /dev/null new-session -d -s rv -x 120 -y 50 \
    "cd '$WORK' && env $* '$BIN' review '${REVIEW_DIR:-out}' --template templates; echo EXIT=\$?; sleep 600"
}

# Without a terminal: exit 2, pointing to --apply.
run "$BIN" review out --template templates < /dev/null
expect_rc 2; expect_err "--apply FILE"

# --- First walk, NO_COLOR set ---
start NO_COLOR=1 INVOX_REVIEWER=alice
wait_for "2 forms to review in out (reviewer: alice)"
wait_for "form 1/2, issue 1/3"
wait_for "ask         What is the patient name?"
T capture-pane -p -e -t rv | grep -q $'\e\[' && fail "NO_COLOR: the pane shows colour codes"
keys '?'; wait_for "keep the value as it is"
keys e; wait_for "new Patient name (Enter to save, Esc to cancel):"
keys -l "Ann Lee"; keys Enter
wait_for "saved: edit patient_name -> Ann Lee"
wait_for "form 1/2, issue 2/3"
wait_for ">>thirty eight point five<<"
wait_for "audio 1.9–3.4 s"
keys e; keys -l "99"; keys Enter
wait_for "refused: temperature_c: 99 is above the maximum 45"
keys Escape; wait_for "edit cancelled"
keys a; wait_for "saved: accept temperature_c -> 38.5"
wait_for "form 1/2, issue 3/3"
wait_for "options     1) female  2) male  3) other"
# An enum value outside the options is refused with the reason, and the options are offered.
keys e; keys -l "purple"; keys Enter
wait_for "refused: sex: "
wait_for "  options: 1) female  2) male  3) other"
keys Escape; wait_count "edit cancelled" 2
keys s
wait_for "form 2/2, issue 1/1"
wait_for "Was the visit date the fourth of March or the third of April?"
keys q
wait_for "2 decisions saved; 0 forms now complete. Run the same command again to continue."
wait_for "EXIT=0"
grep -q '"value": "Ann Lee"' out/visit-001.filled.json || fail "the edit was not written"
grep -q '"reviewed": true' out/visit-001.filled.json || fail "reviewed values are not marked"
[[ $(wc -l < out/review-log.jsonl) == 2 ]] || fail "expected 2 log lines: $(cat out/review-log.jsonl)"
grep -q '"by":"alice".*"stem":"visit-001","field":"patient_name","from":null,"to":"Ann Lee","action":"edit"' \
  out/review-log.jsonl || fail "log line: $(head -1 out/review-log.jsonl)"
grep -q '"status": "needs_review"' out/visit-001.report.json || fail "sex was skipped: still needs review"

# --- Second walk, colour on: resumes with what is still open ---
start -u NO_COLOR INVOX_REVIEWER=alice
wait_for "form 1/2, issue 1/1"
wait_for "Sex"
T capture-pane -p -e -t rv | grep -q $'\e\[' || fail "colour on a terminal: no colour codes in the pane"
keys c; wait_for "saved: clear sex -> (empty)"
wait_for "form 2/2, issue 1/1"
# A second reviewer settles the shown issue meanwhile.
echo '{"visit-002": {"visit_date": "2026-04-03"}}' > bob.json
run env INVOX_REVIEWER=bob "$BIN" review out --template templates --apply bob.json
expect_rc 0; expect_out "visit-002: 1 change applied, status complete"
keys c
wait_for "visit-002 changed on disk since it was shown (another reviewer?)"
wait_for "1 decision saved; 1 form now complete."
wait_for "EXIT=0"
grep -q '"value": "2026-04-03"' out/visit-002.filled.json || fail "the second writer's value was overwritten"
grep -q '"status": "complete"' out/visit-001.report.json || fail "visit-001 is complete after review"
grep -q '"review"' out/visit-001.report.json || fail "the report has no review record"
[[ $(wc -l < out/review-log.jsonl) == 4 ]] || fail "expected 4 log lines: $(cat out/review-log.jsonl)"

# Nothing left: a third walk says so.
start NO_COLOR=1
wait_for "no form needs review"
wait_for "EXIT=0"

# 'n' leaves the rest of a form open and goes to the next one (a fresh copy of the fixture).
mkdir again && cp -r "$SRC/tests/data/review/out/." again/
REVIEW_DIR=again start NO_COLOR=1 INVOX_REVIEWER=carol
wait_for "form 1/2, issue 1/3"
keys n; wait_for "form 2/2, issue 1/1"
keys q; wait_for "0 decisions saved"
wait_for "EXIT=0"
[[ ! -e again/review-log.jsonl ]] || fail "'n' wrote a decision: $(cat again/review-log.jsonl)"
grep -q '"status": "needs_review"' again/visit-001.report.json || fail "'n' changed visit-001"

# --apply naming a rejected value: exit 1.
echo '{"visit-002": {"sex": "purple", "smoker": "yes"}}' > bad.json
run "$BIN" review out --template templates --apply bad.json
expect_rc 1; expect_err "rejected: visit-002: sex: "; expect_out "visit-002: 1 change applied"
echo ok
