#!/usr/bin/env bash
# Batch size scaling: N short transcripts of one template (bench/make_transcripts.py) filled by
# `invox fill --model rules --jobs J` into one output folder, for each N given. Prints forms/s
# and the peak RSS of the invox process per N, and the RSS ratio to the first N: memory that
# stays constant as the batch grows gives ~1.0. Inputs and outputs go to a tmpfs (/dev/shm) when
# there is one, so the numbers show invox rather than the disk.
#   bench/batch-scale.sh [NS="10000 100000"] [JOBS=2]
# Env: INVOX_BIN (default build/invox), DATASET (default ../shared/datasets/dev),
#      TEMPLATE_ID (default patient-intake).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=${INVOX_BIN:-$ROOT/build/invox}
DATASET=${DATASET:-$ROOT/../shared/datasets/dev}
TEMPLATE_ID=${TEMPLATE_ID:-patient-intake}
NS=${1:-10000 100000}
JOBS=${2:-2}
BASE=/tmp
[[ -d /dev/shm && -w /dev/shm ]] && BASE=/dev/shm
WORK=$(mktemp -d "$BASE/invox-batch-scale.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

printf '%8s %9s %9s %8s %9s %8s\n' inputs seconds forms/s failed rss_MB rss_ratio
first_rss=""
for n in $NS; do
  rm -rf "$WORK/in" "$WORK/out"
  python3 "$ROOT/bench/make_transcripts.py" "$DATASET" "$WORK/in" "$n" "$TEMPLATE_ID" >/dev/null
  start=$(date +%s.%N)
  /usr/bin/time -v -o "$WORK/time" env -u OPENAI_API_KEY -u GEMINI_API_KEY \
    "$BIN" fill --model rules --jobs "$JOBS" --quiet --out "$WORK/out" \
    "$DATASET/templates/$TEMPLATE_ID.json" "$WORK/in/$TEMPLATE_ID" 2>"$WORK/err" || true
  end=$(date +%s.%N)
  rss=$(awk '/Maximum resident set size/ {print $NF}' "$WORK/time")
  forms=$(python3 -c "import json,sys; c=json.load(open(sys.argv[1]))['counts']; print(c['inputs'] - c['notRun'], c['failed'])" "$WORK/out/summary.json")
  read -r done failed <<<"$forms"
  [[ -z $first_rss ]] && first_rss=$rss
  python3 - "$n" "$start" "$end" "$done" "$failed" "$rss" "$first_rss" <<'PY'
import sys
n, start, end, done, failed, rss, first = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), sys.argv[5], int(sys.argv[6]), int(sys.argv[7])
secs = end - start
print(f"{n:>8} {secs:9.1f} {done / secs:9.0f} {failed:>8} {rss / 1024:9.1f} {rss / first:8.2f}")
PY
done
