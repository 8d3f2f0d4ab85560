#!/usr/bin/env bash
# `invox fill` output rules: --out created, never written outside it, unrelated files never
# clobbered without --force, --out that is a file refused; stdin and STT JSON inputs.
BIN=$1; SRC=$2
source "$(dirname "$0")/lib/assert.sh"
T="$SRC/templates/emergency-triage.json"
cd "$WORK" || fail "cd"
cp "$SRC/samples/triage-001.txt" in.txt

# Default --out is the current directory.
run "$BIN" fill --model rules "$T" in.txt
[[ "$RC" == 0 || "$RC" == 1 ]] || fail "unexpected exit $RC: $ERR"
expect_file in.filled.json; expect_file in.report.json
rm -f in.filled.json in.report.json

# --out is created, and nothing lands anywhere else.
run "$BIN" fill --model rules --out deep/out "$T" in.txt "$SRC/samples/property-001.transcript.json"
expect_file deep/out/in.filled.json; expect_file deep/out/in.report.json
expect_file deep/out/property-001.filled.json
[[ $(find . -type f | sort | tr '\n' ' ') == "./deep/out/in.filled.json ./deep/out/in.report.json ./deep/out/property-001.filled.json ./deep/out/property-001.report.json ./deep/out/summary.json ./in.txt " ]] \
  || fail "unexpected files: $(find . -type f)"
grep -q '"template": "emergency-triage"' deep/out/in.filled.json || fail "filled names the template"
grep -q 'Maria Gonzalez' deep/out/in.filled.json || fail "filled holds the transcript"

# Re-running may replace invox's own outputs.
run "$BIN" fill --model rules --out deep/out "$T" in.txt
expect_file deep/out/in.filled.json

# An unrelated file is never clobbered without --force.
mkdir mine && echo '{"my": "data"}' > mine/in.filled.json
run "$BIN" fill --model rules --out mine "$T" in.txt
expect_rc 1; expect_err "mine/in.filled.json: exists and is not an invox output"
[[ $(cat mine/in.filled.json) == '{"my": "data"}' ]] || fail "unrelated file was modified"
expect_no_file mine/in.report.json
run "$BIN" fill --model rules --force --out mine "$T" in.txt
expect_file mine/in.report.json
grep -q '"template"' mine/in.filled.json || fail "--force replaced the file"

# --out that is a file is a usage error.
echo x > afile
run "$BIN" fill --model rules --out afile "$T" in.txt; expect_rc 2; expect_err "--out afile: exists and is not a directory"

# stdin input, and the once-per-run note about the default model when no key is set.
OUT=$(env -u OPENAI_API_KEY -u GEMINI_API_KEY "$BIN" fill --out s "$T" - < in.txt 2>"$ERRFILE"); RC=$?
ERR=$(cat "$ERRFILE")
expect_file s/stdin.filled.json
[[ $(grep -c "using the offline 'rules' model" <<<"$ERR") == 1 ]] || fail "default model note not said once: $ERR"

# Invalid request context: exit 2 before any output.
run "$BIN" fill --model rules --out c --reference-date 2026-13-01 "$T" in.txt; expect_rc 2; expect_err "--reference-date"
run "$BIN" fill --model rules --out c --timezone Mars/Base "$T" in.txt; expect_rc 2; expect_err "--timezone 'Mars/Base'"
run "$BIN" fill --model bogus:x --out c "$T" in.txt; expect_rc 2; expect_err "unknown provider 'bogus'"
expect_no_file c/in.filled.json

# A missing input fails that input only (exit 1) with the reason in its report.
run "$BIN" fill --model rules --out m "$T" nosuch.txt in.txt; expect_rc 1; expect_err "nosuch.txt: no such file"
expect_file m/in.filled.json
grep -q '"status": "failed"' m/nosuch.report.json || fail "missing input's report says failed"
# Messages a user can act on.
run "$BIN" fill --model rules -j 0 "$T" in.txt; expect_rc 2; expect_err "must be a whole number of at least 1"
[[ ${#ERR} -lt 400 ]] || fail "-j 0 message is too long: $ERR"
run "$BIN" fil "$T" in.txt; expect_rc 2; expect_err "did you mean 'fill'?"
expect_err "'fil' is not an invox command"
run "$BIN" --log-format json fil "$T" in.txt; expect_rc 2; expect_err "'fil' is not an invox command"
run "$BIN" fill --model rules --ouput o "$T" in.txt; expect_rc 2; expect_err "did you mean '--out'?"
run "$BIN" fill --model rules --out o in.txt "$T"; expect_rc 2; expect_err "is the order swapped?"
run "$BIN" fill --model rules --out /proc/self "$T" in.txt; expect_rc 2; expect_err "--out /proc/self: cannot write there"
run "$BIN" fill --model rules --locale xx-YY --out o "$T" in.txt; expect_rc 2; expect_err "'xx' is not an ISO 639 language code"
expect_no_file o/in.filled.json
# -q means the same before and after the subcommand: nothing but errors on stderr.
mkdir -p qin && cp in.txt qin/a.txt && cp in.txt qin/b.txt
run "$BIN" -q fill --model rules --out q1 "$T" qin; expect_rc 0; [[ -z "$ERR" ]] || fail "invox -q fill printed: $ERR"
run "$BIN" fill -q --model rules --out q2 "$T" qin; expect_rc 0; [[ -z "$ERR" ]] || fail "invox fill -q printed: $ERR"
# Numbers in outputs carry their meaning: 3 decimals for confidences, 0.1 ms for stage times.
python3 - q1/a.filled.json q1/a.report.json <<'PY' || fail "numbers in outputs are not rounded"
import json, sys
f, r = (json.load(open(p)) for p in sys.argv[1:])
for v in f["filled"].values():
    assert round(v["confidence"], 3) == v["confidence"], v
for s in r["stages"]:
    assert round(s["ms"], 1) == s["ms"], s
PY
echo ok
