#!/usr/bin/env bash
# `invox models` lists what the (fake) providers serve with announced shutdowns; a model the
# provider does not serve stops `fill` before any input (exit 2) naming it; a config file moves
# the defaults; a bad config file is exit 2 naming the key.
BIN=$1; SRC=$2
source "$(dirname "$0")/lib/assert.sh"
source "$(dirname "$0")/lib/fake_llm.sh"
T="$SRC/templates/emergency-triage.json"
cd "$WORK" || fail "cd"
export XDG_CONFIG_HOME="$WORK/xdg" INVOX_CONFIG=
unset GEMINI_API_KEY
start_fake_llm 0
export OLLAMA_HOST=http://127.0.0.1:9  # nothing listens: Ollama is reported unreachable, not fatal

run "$BIN" models
expect_rc 0
expect_out "gpt-6.1-sol"
expect_out "gpt-4o  shuts down 2027-01-14"
expect_out "ollama (http://127.0.0.1:9): not reachable"
expect_out "S3/S4 judge"
expect_err "openai:gpt-4o shuts down on 2027-01-14"

echo "Patient name is Ann Lee. Pain score 4." > in.txt
run "$BIN" fill --model openai:gpt-4o-2024-05-13 --out out "$T" in.txt
expect_rc 2
expect_err "openai:gpt-4o-2024-05-13"
expect_err "invox models"
expect_no_file out/in.filled.json

# A config file naming the default model; the run uses it.
mkdir -p "$WORK/xdg/invox"
printf '[defaults]\nmodel = "openai:gpt-6.1-terra"\n' > "$WORK/xdg/invox/config.toml"
run "$BIN" fill --out out2 "$T" in.txt
expect_rc 0
grep -q "openai:gpt-6.1-terra" out2/in.filled.json || fail "the config file's default model was not used"

printf '[defaults]\nmodle = "openai:gpt-6.1-terra"\n' > bad.toml
run "$BIN" fill --config bad.toml --out out3 "$T" in.txt
expect_rc 2
expect_err "defaults.modle"
run "$BIN" models --config missing.toml
expect_rc 2

# Every command that reaches a provider reads the same file the same way (--config, INVOX_CONFIG).
run "$BIN" transcribe --config bad.toml --out tr "$SRC/samples/ncr-001-audio.wav"
expect_rc 2
expect_err "defaults.modle"
run "$BIN" history --config bad.toml --history "$WORK/h.sqlite" list
expect_rc 2
expect_err "defaults.modle"
INVOX_CONFIG=bad.toml run "$BIN" history --history "$WORK/h.sqlite" stats
expect_rc 2
expect_err "defaults.modle"
mkdir -p reviewed
run "$BIN" review reviewed --apply /dev/null --learn --config bad.toml --history "$WORK/h.sqlite"
expect_rc 2
expect_err "defaults.modle"
echo "ok"
