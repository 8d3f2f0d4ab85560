#!/usr/bin/env bash
# --dry-run prints the exact requests a strategy would send, keys redacted, and neither sends
# them nor writes (or replaces) any output.
BIN=$1; SRC=$2
source "$(dirname "$0")/lib/assert.sh"
T="$SRC/templates/emergency-triage.json"
IN="$SRC/samples/triage-001.txt"
cd "$WORK" || fail "cd"

# A key that must never be printed; a base URL nobody listens on (nothing may be sent).
export OPENAI_API_KEY=sk-canary-DRYRUN-0123456789
export OPENAI_BASE_URL=http://127.0.0.1:9/v1
run "$BIN" fill --dry-run --strategy S1 --model openai:gpt-4o --out out "$T" "$IN"
expect_rc 0
expect_out '"messages"'
expect_out '"json_schema"'
expect_out 'triage'
[[ "$OUT$ERR" != *"sk-canary-DRYRUN"* ]] || fail "the API key appears in the dry-run output"
expect_no_file out

# An existing result is left exactly as it was.
mkdir out2
run "$BIN" fill --model rules --out out2 "$T" "$IN"
expect_rc 0
before=$(sha256sum out2/triage-001.filled.json out2/triage-001.report.json)
run "$BIN" fill --dry-run --force --strategy S2 --model openai:gpt-4o --out out2 "$T" "$IN"
expect_rc 0
expect_out '"messages"'
after=$(sha256sum out2/triage-001.filled.json out2/triage-001.report.json)
[[ "$before" == "$after" ]] || fail "--dry-run changed existing outputs"
echo "dry_run: ok"
