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

WORK=$(mktemp -d)
ERRFILE=$(mktemp)
trap 'rm -rf "$WORK" "$ERRFILE"' EXIT
