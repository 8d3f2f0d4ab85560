#!/usr/bin/env bash
# Long transcripts: --max-transcript-bytes fails an input over the limit with a message naming
# the file, its size and the flag, while the other inputs of the batch go on; SIGTERM during
# the rules extraction of a 1 MB transcript ends the run at once (exit 143, one signal), with
# finished inputs whole and the rest listed as not run.
BIN=$1; SRC=$2
source "$(dirname "$0")/lib/assert.sh"
T="$SRC/templates/emergency-triage.json"
cd "$WORK" || fail "cd"
json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }

# ~1 MB: the sample dictation repeated whole.
big() { python3 -c "import sys; t=open(sys.argv[1]).read().strip(); n=int(sys.argv[2]); print(((t + ' ') * (n // len(t) + 1))[:n])" "$SRC/samples/triage-001.txt" "$1"; }

mkdir in
cp "$SRC/samples/triage-001.txt" in/a-small.txt
big 20000 > in/b-long.txt

# The limit: the long input fails with an actionable message, the small one is filled.
run "$BIN" fill --model rules --quiet --max-transcript-bytes 10000 --out lim "$T" in
expect_rc 1
expect_err "b-long.txt: the transcript is 20001 bytes, over the limit of 10000 bytes (--max-transcript-bytes)"
expect_file lim/a-small.filled.json
expect_no_file lim/b-long.filled.json
[[ $(json lim/summary.json 'd["counts"]["failed"]') == 1 ]] || fail "summary: $(cat lim/summary.json)"
[[ $(json lim/summary.json 'd["counts"]["complete"] + d["counts"]["needsReview"]') == 1 ]] || fail "summary: $(cat lim/summary.json)"
# Stdin too, and the default limit lets 20 KB through.
run "$BIN" fill --model rules --max-transcript-bytes 100 --out lim-stdin "$T" - < in/b-long.txt
expect_rc 1
expect_err "stdin: the transcript is 20000 bytes, over the limit of 100 bytes"
run "$BIN" fill --model rules --quiet --out default "$T" in/b-long.txt
expect_rc 0

# SIGTERM 0.5 s into 1 MB transcripts (one at a time): the run ends within a second.
rm in/b-long.txt
for i in 1 2 3; do big 1000000 > "in/c-long$i.txt"; done
"$BIN" fill --model rules --quiet --jobs 1 --out stop "$T" in 2>stop.err &
pid=$!
wait_for_handler $pid 15
sleep 0.5
stop_process $pid TERM
[[ "$RC" == 143 ]] || fail "SIGTERM exit code $RC: $(cat stop.err)"
(( STOP_MS < STOP_LIMIT_MS )) || fail "SIGTERM took $STOP_MS ms to end the run"
echo "SIGTERM 0.5 s into a 1 MB fill: the run ended $STOP_MS ms later" >&2
expect_file stop/summary.json
[[ $(json stop/summary.json 'd["interrupted"]') == True ]] || fail "summary not marked interrupted"
[[ $(json stop/summary.json 'd["counts"]["notRun"] > 0') == True ]] || fail "nothing listed as not run: $(cat stop/summary.json)"
[[ -z $(find stop -name '.*tmp*') ]] || fail "temp files left: $(find stop -name '.*tmp*')"
finished=$(json stop/summary.json 'sum(1 for e in d["inputs"] if e["status"] != "not_run")')
[[ $(ls stop/*.report.json 2>/dev/null | wc -l) == "$finished" ]] || fail "reports on disk != $finished finished"
for f in stop/*.json; do python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$f" || fail "$f is not whole JSON"; done
echo ok
