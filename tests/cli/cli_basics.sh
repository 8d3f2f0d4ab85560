#!/usr/bin/env bash
# --help/--version everywhere, exit codes, and the not-implemented subcommands.
BIN=$1; SRC=$2
source "$(dirname "$0")/lib/assert.sh"

run "$BIN" --version; expect_rc 0; expect_out "invox "
for sub in fill transcribe eval template history "template check" "template show"; do
  run "$BIN" $sub --help; expect_rc 0; expect_out "Usage: invox $sub"
  run "$BIN" $sub --version; expect_rc 0; expect_out "invox "
done

run "$BIN"; expect_rc 2; expect_err "invox: error:"
run "$BIN" frobnicate; expect_rc 2; expect_err "invox: error:"
run "$BIN" fill; expect_rc 2; expect_err "invox: error:"
run "$BIN" fill --strategy S9 "$SRC/templates/patient-intake.json" x.txt; expect_rc 2; expect_err "S9"

# While a subcommand is still a placeholder (its help says so), it must refuse clearly.
for sub in transcribe eval history; do
  run "$BIN" $sub --help
  [[ "$OUT" == *"not implemented yet"* ]] || continue
  run "$BIN" $sub something --flag; expect_rc 2; expect_err "invox: error: 'invox $sub' is not implemented yet"
done
echo ok
