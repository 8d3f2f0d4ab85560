#!/usr/bin/env bash
# `invox review DIR --apply FILE --learn` end to end (issue 17): the forms the decisions make
# complete are added to the history store with their evidence, and `invox history retrieve`
# then hands them out as few-shots; a form still needing review is not added.
# Fixture: tests/data/review (a template and two needs_review forms).
BIN=$1; SRC=$2
source "$(dirname "$0")/lib/assert.sh"
cp -r "$SRC/tests/data/review/." "$WORK/"
cd "$WORK" || fail "cd"
H="$WORK/history.sqlite"

# visit-001: every issue decided (name typed, temperature and sex confirmed) -> complete.
# visit-002: its ambiguous date left open -> still needs_review, not learned.
cat > decisions.json <<'JSON'
{"visit-001": {"patient_name": "Ann Lee", "temperature_c": 38.5, "sex": "female"},
 "visit-002": {"patient_name": "John Park"}}
JSON
run "$BIN" review out --template templates --apply decisions.json --learn --history "$H" --by script
expect_rc 0
expect_out "--learn: added 1 reviewed form to the history store"
python3 - out <<'PY' || fail "the report statuses after review"
import json, sys
r1 = json.load(open(sys.argv[1] + "/visit-001.report.json"))
r2 = json.load(open(sys.argv[1] + "/visit-002.report.json"))
assert r1["status"] == "complete", r1
assert r2["status"] == "needs_review", r2
PY

run "$BIN" history --history "$H" list --json
expect_rc 0
[[ $(grep -c . <<<"$OUT") == 1 ]] || fail "expected one stored example: [$OUT]"
expect_out '"templateId":"clinic-visit"'

# Retrieval for a similar dictation finds the reviewed form: its reviewed values and evidence.
run "$BIN" history --history "$H" retrieve templates/clinic-visit.json "Clinic visit today, temperature thirty nine." -k 1
expect_rc 0
python3 - "$OUT" <<'PY' || fail "retrieve: [$OUT]"
import json, sys
shots = json.loads(sys.argv[1])
assert len(shots) == 1, shots
s = shots[0]
assert s["transcript"].startswith("Clinic visit today."), s["transcript"]
assert s["expected"]["patient_name"] == "Ann Lee", s["expected"]
assert s["expected"]["temperature_c"] == 38.5, s["expected"]
assert s["expected"]["sex"] == "female", s["expected"]
assert s["evidence"]["temperature_c"] == "thirty eight point five", s["evidence"]
PY

# Learning twice adds nothing new (the store keeps one copy of an example).
run "$BIN" review out --template templates --apply decisions.json --learn --history "$H" --by script
run "$BIN" history --history "$H" list --json
[[ $(grep -c . <<<"$OUT") == 1 ]] || fail "a second --learn duplicated the example: [$OUT]"
echo "ok"
