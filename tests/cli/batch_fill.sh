#!/usr/bin/env bash
# Batch `invox fill`: good, corrupt and unsupported inputs together; resume; --force; shards
# that partition exactly; --json-lines; SIGINT leaves no partial files and a summary.
BIN=$1; SRC=$2
source "$(dirname "$0")/lib/assert.sh"
T="$SRC/templates/emergency-triage.json"
cd "$WORK" || fail "cd"
# Until the orchestrator (issue 4) is in this build every input fails with its placeholder message;
# the batch behaviour below needs real outputs, so the test waits for it instead of asserting on
# the placeholder. The guard matches only that exact message.
cp "$SRC/samples/triage-001.txt" probe.txt
if "$BIN" fill --model rules --out probe "$T" probe.txt 2>/dev/null >/dev/null; [[ $? == 1 ]] \
   && grep -q "the pipeline is not implemented yet" probe/probe.report.json; then
  echo "SKIP: the orchestrator is still the placeholder in this build"; exit 0
fi
rm -rf probe probe.txt
json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }

mkdir -p in/a in/b in/a/deep
cp "$SRC/samples/triage-001.txt" in/a/rec.txt
cp "$SRC/samples/triage-001.txt" in/b/rec.txt            # same stem in another folder
cp "$SRC/samples/property-001.transcript.json" in/a/deep/p.transcript.json
printf 'patient \xff\xfe broken' > in/corrupt.txt         # not UTF-8
printf 'not really audio' > in/clip.m4a                    # unsupported audio format
echo '{}' > in/a/old.report.json                           # an output, never an input

run "$BIN" fill --model rules --jobs 2 --out out "$T" in
expect_rc 1
expect_err "corrupt.txt"
for stem in a__rec b__rec p; do
  expect_file "out/$stem.filled.json"; expect_file "out/$stem.report.json"
  grep -q '"status": "failed"' "out/$stem.report.json" && fail "$stem should not fail"
done
grep -q '"status": "failed"' out/corrupt.report.json || fail "corrupt input's report says failed"
# A failed input has its report only: collecting *.filled.json never picks up an empty form.
expect_no_file out/corrupt.filled.json; expect_no_file out/clip.filled.json
[[ $(json out/summary.json '[e["filled"] for e in d["inputs"] if e["stem"] == "corrupt"][0]') == None ]] \
  || fail "summary points at no form for a failed input"
grep -q '"status": "failed"' out/clip.report.json || fail "unsupported input's report says failed"
[[ $(json out/summary.json 'd["counts"]["inputs"]') == 5 ]] || fail "summary lists 5 inputs: $(cat out/summary.json)"
[[ $(json out/summary.json 'd["counts"]["failed"]') == 2 ]] || fail "summary counts 2 failed"
[[ $(json out/summary.json '[e["status"] for e in d["inputs"] if e["input"].endswith("corrupt.txt")][0]') == failed ]] \
  || fail "summary marks corrupt.txt failed"
[[ $(json out/summary.json '[e for e in d["inputs"] if e["input"].endswith("corrupt.txt")][0]["error"] != ""') == True ]] \
  || fail "summary gives the reason"
[[ $(json out/summary.json 'sorted(e["stem"] for e in d["inputs"])') == "['a__rec', 'b__rec', 'clip', 'corrupt', 'p']" ]] \
  || fail "stems: $(json out/summary.json 'sorted(e["stem"] for e in d["inputs"])')"

# Resume: finished inputs are skipped and their outputs untouched; failures run again.
before=$(stat -c '%y' out/a__rec.filled.json)
run "$BIN" fill --model rules --jobs 2 --out out "$T" in
expect_rc 1
[[ $(json out/summary.json 'd["counts"]["skipped"]') == 3 ]] || fail "resume skips the 3 finished inputs"
[[ $(stat -c '%y' out/a__rec.filled.json) == "$before" ]] || fail "a skipped input's output was rewritten"
expect_err "3 up to date"
# One named input: the skip is said, with how to redo it.
run "$BIN" fill --model rules --out out "$T" in/a/deep/p.transcript.json; expect_rc 0
expect_out "up to date (--force to redo)"
# Options that decide the output are part of the resume check.
run "$BIN" fill --model rules --jobs 2 --reference-date 2026-01-02 --out out "$T" in
[[ $(json out/summary.json 'd["counts"]["skipped"]') == 0 ]] || fail "another --reference-date redoes every input"
[[ $(json out/a__rec.filled.json 'd["run"]["referenceDate"]') == 2026-01-02 ]] || fail "outputs record the reference date"
run "$BIN" fill --model rules --jobs 2 --reference-date 2026-01-02 --out out "$T" in
[[ $(json out/summary.json 'd["counts"]["skipped"]') == 3 ]] || fail "the same options skip again"
touch in/b/rec.txt
run "$BIN" fill --model rules --reference-date 2026-01-02 --out out "$T" in
[[ $(json out/summary.json 'd["counts"]["skipped"]') == 2 ]] || fail "a touched input runs again"
run "$BIN" fill --model rules --reference-date 2026-01-02 --force --out out "$T" in
[[ $(json out/summary.json 'd["counts"]["skipped"]') == 0 ]] || fail "--force redoes everything"

# Shards partition the inputs exactly; --json-lines gives one line per input on stdout.
: > lines.txt
for k in 1 2 3; do
  run "$BIN" fill --model rules --quiet --json-lines --shard $k/3 --out shards "$T" in
  [[ -z "$ERR" || "$ERR" == *"failed"* ]] || fail "--quiet printed progress: $ERR"
  printf '%s\n' "$OUT" >> lines.txt
  expect_file "shards/summary-$k-of-3.json"
done
[[ $(grep -c . lines.txt) == 5 ]] || fail "json lines: $(cat lines.txt)"
[[ $(python3 -c 'import json,sys; print(sorted(json.loads(l)["stem"] for l in open("lines.txt") if l.strip()))') == \
   "['a__rec', 'b__rec', 'clip', 'corrupt', 'p']" ]] || fail "shards do not partition the inputs: $(cat lines.txt)"
run "$BIN" fill --model rules --shard 4/3 "$T" in; expect_rc 2; expect_err "--shard"
run "$BIN" fill --model rules --out g "$T" "in/**/*.txt"; expect_rc 1  # in/corrupt.txt matches too (** spans zero folders)
expect_file g/a__rec.filled.json; expect_file g/summary.json
run "$BIN" fill --model rules --out g "$T" "in/*.nothing"; expect_rc 2; expect_err "matches no files"

# SIGINT: the run stops, what finished is complete, nothing is half written, summary says so.
mkdir many
for i in $(seq 1 1500); do echo "Patient name is Person $i. Temperature thirty eight. Pain score $((i % 10))." > many/p$i.txt; done
"$BIN" fill --model rules --jobs 2 --out stop "$T" many 2>stop.err &
pid=$!
for _ in $(seq 1 100); do [[ $(ls stop 2>/dev/null | grep -c report) -ge 20 ]] && break; sleep 0.05; done
kill -INT $pid
wait $pid; RC=$?
[[ "$RC" == 130 ]] || fail "SIGINT exit code: $RC (the run may have finished first): $(cat stop.err)"
expect_file stop/summary.json
[[ $(json stop/summary.json 'd["interrupted"]') == True ]] || fail "summary marks the run interrupted"
[[ $(json stop/summary.json 'd["counts"]["notRun"] > 0') == True ]] || fail "some inputs did not run"
[[ -z $(find stop -name '.*tmp*') ]] || fail "temp files left: $(find stop -name '.*tmp*')"
finished=$(json stop/summary.json 'sum(1 for e in d["inputs"] if e["status"] != "not_run")')
[[ $(ls stop/*.report.json | wc -l) == "$finished" ]] || fail "reports on disk != finished inputs ($finished)"
for f in stop/*.json; do python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$f" || fail "$f is not whole JSON"; done
for f in stop/*.report.json; do expect_file "${f%.report.json}.filled.json"; done
echo ok
