#!/usr/bin/env bash
# Ctrl-C during `invox eval` against a slow provider: it stops within a second, prints the
# table of the cases that finished, writes no metrics file and exits 130.
BIN=$1; SRC=$2; DEV=${3:-}
source "$(dirname "$0")/lib/assert.sh"
[[ -d "$DEV/cases" ]] || { echo "SKIP: no development dataset"; exit 77; }
source "$(dirname "$0")/lib/fake_llm.sh"
cd "$WORK" || fail "cd"

start_fake_llm 500  # a provider answering every request after 500 ms

"$BIN" eval "$DEV" --strategies S1 --model openai:gpt-4o --no-cache --jobs 2 --json metrics.json >table.md 2>eval.err &
pid=$!
wait_for_handler $pid 2
sleep 1.5
stop_process $pid INT
[[ "$RC" == 130 ]] || fail "eval SIGINT exit code $RC: $(cat eval.err)"
(( STOP_MS < STOP_LIMIT_MS )) || fail "eval took $STOP_MS ms to stop"
grep -q "eval stopped by signal 2" eval.err || fail "no stop message: $(cat eval.err)"
grep -q "| S1 " table.md || fail "no table of what finished: $(cat table.md)"
expect_no_file metrics.json
echo ok
