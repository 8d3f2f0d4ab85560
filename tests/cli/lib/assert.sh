# Helpers for CLI smoke tests: `source "$(dirname "$0")/lib/assert.sh"` after setting BIN.
# Every check fails the script with a message naming what was expected.
set -uo pipefail

fail() { echo "FAIL: $*" >&2; exit 1; }

# run CMD...: runs it, capturing stdout/stderr into $OUT/$ERR and the exit code into $RC.
run() {
  OUT=$("$@" 2>"$ERRFILE"); RC=$?
  ERR=$(cat "$ERRFILE")
}
expect_rc() { [[ "$RC" == "$1" ]] || fail "expected exit $1, got $RC: stdout=[$OUT] stderr=[$ERR]"; }
expect_err() { [[ "$ERR" == *"$1"* ]] || fail "stderr lacks [$1]: [$ERR]"; }
expect_out() { [[ "$OUT" == *"$1"* ]] || fail "stdout lacks [$1]: [$OUT]"; }
expect_file() { [[ -f "$1" ]] || fail "missing file $1"; }
expect_no_file() { [[ ! -e "$1" ]] || fail "file $1 should not exist"; }

# How long a stop may take (signal to exit). Sanitizer builds run 2-4x slower, so their CTest
# tree raises it through the environment (tests/CMakeLists.txt).
STOP_LIMIT_MS=${INVOX_TEST_STOP_LIMIT_MS:-1500}

# wait_for_handler PID SIGNUM: waits (up to 10 s) until the process catches the signal, so a
# signal sent next meets invox's handler rather than the start-up defaults (a background job of
# a script starts with SIGINT ignored).
wait_for_handler() {
  local mask
  for _ in $(seq 1 200); do
    mask=$(sed -n 's/^SigCgt:\s*//p' "/proc/$1/status" 2>/dev/null)
    [[ -n "$mask" ]] && (( (16#$mask >> ($2 - 1)) & 1 )) && return 0
    sleep 0.05
  done
  fail "process $1 never installed a handler for signal $2"
}

# stop_process PID SIG: sends the signal and waits for the process; sets RC (its exit code) and
# STOP_MS (signal to exit), to compare with STOP_LIMIT_MS.
stop_process() {
  local t0; t0=$(date +%s%3N)
  kill -"$2" "$1"
  wait "$1"; RC=$?
  STOP_MS=$(( $(date +%s%3N) - t0 ))
}

WORK=$(mktemp -d)
ERRFILE=$(mktemp)
trap 'rm -rf "$WORK" "$ERRFILE"' EXIT
