#!/usr/bin/env bash
# Dev-set F1 of the offline `rules` engine without and with the dataset's history as few-shots.
#   scripts/history-f1.sh [BUILD_DIR] [DATASET] [STRATEGIES]
# Prints one line per run and a Markdown table; JSON results stay in $OUT (default a temp dir).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-$ROOT/build}
DATASET=${2:-$ROOT/../shared/datasets/dev}
STRATEGIES=${3:-S1,S2}
INVOX=$BUILD/invox
OUT=${OUT:-$(mktemp -d)}
[[ -x $INVOX ]] || { echo "history-f1: $INVOX not built" >&2; exit 2; }
[[ -d $DATASET/history ]] || { echo "history-f1: $DATASET has no history/ folder" >&2; exit 2; }
unset INVOX_HISTORY INVOX_EMBED OPENAI_API_KEY GEMINI_API_KEY

STORE=$OUT/dev-history.sqlite
rm -f "$STORE"
"$INVOX" history --history "$STORE" import "$DATASET" >&2

# eval exits 1 when some case failed; the JSON is still written and its failedCases column says so.
"$INVOX" eval "$DATASET" --strategies "$STRATEGIES" --model rules --json "$OUT/without.json" >/dev/null || true
"$INVOX" eval "$DATASET" --strategies "$STRATEGIES" --model rules --history "$STORE" --json "$OUT/with.json" >/dev/null || true
[[ -s $OUT/without.json && -s $OUT/with.json ]] || { echo "history-f1: eval wrote no JSON" >&2; exit 1; }

python3 - "$OUT/without.json" "$OUT/with.json" <<'PY'
import json, sys
runs = [("without history", json.load(open(sys.argv[1]))), ("with dev history", json.load(open(sys.argv[2])))]
print("| run | strategy | failed cases | precision | recall | F1 | exact form | hallucinations | omissions | wrong |")
print("|---|---|---|---|---|---|---|---|---|---|")
for name, doc in runs:
    for strategy, s in doc["strategies"].items():
        print(f"| {name} | {strategy} | {s['failedCases']} | {s['precision']:.3f} | {s['recall']:.3f} | {s['f1']:.3f} | "
              f"{s['exactForm']:.3f} | {s['hallucinations']} | {s['omissions']} | {s['wrong']} |")
PY
echo "JSON results: $OUT/without.json $OUT/with.json" >&2
