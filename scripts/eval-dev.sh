#!/usr/bin/env bash
# Evaluates S1 and S2 on the shared dev dataset, offline (rules model, no keys, no network),
# and prints the Markdown table. Extra arguments go to `invox eval` (e.g. --html dev.html).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=${INVOX_BIN:-$ROOT/build/invox}
DATASET=${DATASET:-$ROOT/../shared/datasets/dev}
if [[ ! -x "$BIN" ]]; then
  cmake -S "$ROOT" -B "$ROOT/build" >/dev/null
  cmake --build "$ROOT/build" -j2 --target invox
fi
# No keys: the run stays offline whatever the caller's environment holds.
exec env -u OPENAI_API_KEY -u GEMINI_API_KEY "$BIN" eval "$DATASET" --strategies S1,S2 --model rules "$@"
