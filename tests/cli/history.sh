#!/usr/bin/env bash
# CLI smoke test of `invox history`: import, de-duplication, list/stats/remove, retrieval,
# error exit codes, and several invox processes writing one SQLite store at once.
set -euo pipefail
INVOX=$1
SRC=$2
DEV=${3:-"$SRC/../shared/datasets/dev"}
[[ -d "$DEV/cases" ]] || { echo "skipped: no development dataset at $DEV"; exit 77; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export XDG_DATA_HOME="$WORK/xdg"
unset INVOX_HISTORY INVOX_EMBED
fail() { echo "FAIL: $*" >&2; exit 1; }

# Import into the default store (under XDG_DATA_HOME).
out=$("$INVOX" history import "$DEV")
[[ $out == "added 24, already stored 0, failed 0" ]] || fail "first import: $out"
[[ -f "$XDG_DATA_HOME/invox/history.sqlite" ]] || fail "default store not created"
out=$("$INVOX" history import "$DEV/history")
[[ $out == "added 0, already stored 24, failed 0" ]] || fail "re-import duplicated: $out"

n=$("$INVOX" history stats --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["examples"], d["perTemplate"]["patient-intake"], d["backend"])')
[[ $n == "24 3 sqlite" ]] || fail "stats: $n"
n=$("$INVOX" history list --template vital-signs --json | wc -l)
[[ $n -eq 3 ]] || fail "list --template: $n lines"

# Retrieval returns only same-template examples, best lexical match first.
first=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["transcript"])' "$DEV/history/fnol-claim-2.json")
"$INVOX" history retrieve "$DEV/templates/fnol-claim.json" "$first" -k 2 >"$WORK/shots.json"
python3 - "$WORK/shots.json" "$first" <<'PY' || fail "retrieve"
import json, sys
shots = json.load(open(sys.argv[1]))
assert len(shots) == 2, len(shots)
assert shots[0]["transcript"] == sys.argv[2][:1200], shots[0]["transcript"][:80]
assert all("policy_number" in s["expected"] or "claimant_name" in s["expected"] for s in shots), shots
PY

# add with a template file: a case file works; a mismatched template is an error (exit 1).
"$INVOX" --history "$WORK/other.sqlite" history add "$DEV/templates/leave-request.json" "$DEV"/cases/leave-00[12].json >/dev/null 2>&1 &&
  fail "--history must come after 'history'" || true
out=$("$INVOX" history --history "$WORK/other.sqlite" add "$DEV/templates/leave-request.json" "$DEV/cases/leave-001.json")
[[ $out == "added 1, already stored 0, failed 0" ]] || fail "add case: $out"
set +e
"$INVOX" history --history "$WORK/other.sqlite" add leave-request "$DEV/history/fnol-claim-1.json" >/dev/null 2>"$WORK/err"
rc=$?
set -e
[[ $rc -eq 1 ]] || fail "mismatched template exit $rc"
grep -q "not 'leave-request'" "$WORK/err" || fail "mismatch message: $(cat "$WORK/err")"

# remove: existing id exits 0, unknown id exits 1.
id=$("$INVOX" history --history "$WORK/other.sqlite" list --json | python3 -c 'import json,sys; print(json.loads(sys.stdin.readline())["id"])')
"$INVOX" history --history "$WORK/other.sqlite" remove "$id" | grep -q "removed $id" || fail "remove"
set +e
"$INVOX" history --history "$WORK/other.sqlite" remove "$id" 2>/dev/null
rc=$?
set -e
[[ $rc -eq 1 ]] || fail "removing a missing id exit $rc"

# A bad location is a usage error (exit 2).
set +e
"$INVOX" history --history "mysql://x/y" stats 2>/dev/null
rc=$?
set -e
[[ $rc -eq 2 ]] || fail "bad --history exit $rc"

# Several processes import into one store at once: nothing lost, nothing duplicated.
mkdir -p "$WORK/parts"
for i in 1 2 3 4 5 6; do
  mkdir -p "$WORK/parts/$i"
  cp "$DEV"/history/*.json "$WORK/parts/$i/"
  python3 - "$WORK/parts/$i" "$i" <<'PY'
import json, pathlib, sys
d, i = pathlib.Path(sys.argv[1]), sys.argv[2]
for n in range(15):
    (d / f"own-{n}.json").write_text(json.dumps({"templateId": "patient-intake",
        "transcript": f"writer {i} example {n} patient", "expected": {"patient_name": f"W{i} E{n}"}}))
PY
done
pids=()
for i in 1 2 3 4 5 6; do
  "$INVOX" history --history "$WORK/shared.sqlite" import "$WORK/parts/$i" >"$WORK/import-$i.log" 2>&1 &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p" || fail "a concurrent import failed: $(cat "$WORK"/import-*.log)"; done
n=$("$INVOX" history --history "$WORK/shared.sqlite" stats --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["examples"])')
[[ $n -eq $((24 + 6 * 15)) ]] || fail "concurrent imports stored $n examples"
echo "history CLI OK"
