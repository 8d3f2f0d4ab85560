#!/usr/bin/env bash
# Batch throughput: N synthetic transcripts generated from the dev dataset's templates and cases
# (values re-drawn per transcript), then `invox fill --model rules --jobs J` over the folder.
# Prints forms/second and the peak RSS of the invox process.
#   bench/batch-throughput.sh [N=10000] [JOBS=2]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=${INVOX_BIN:-$ROOT/build/invox}
DATASET=${DATASET:-$ROOT/../shared/datasets/dev}
N=${1:-10000}
JOBS=${2:-2}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

python3 "$ROOT/bench/make_transcripts.py" "$DATASET" "$WORK/in" "$N"
TEMPLATE_DIR="$WORK/in"
STATS="$WORK/time.txt"
declare -i total=0
start=$(date +%s.%N)
for tdir in "$TEMPLATE_DIR"/*/; do
  t=$(basename "$tdir")
  /usr/bin/time -v -o "$STATS.$t" env -u OPENAI_API_KEY -u GEMINI_API_KEY \
    "$BIN" fill --model rules --jobs "$JOBS" --quiet --out "$WORK/out/$t" "$DATASET/templates/$t.json" "$tdir" 2>>"$WORK/invox.err" || true
done
end=$(date +%s.%N)
forms=$(find "$WORK/out" -name '*.report.json' | wc -l)
failed=$(grep -l '"status": "failed"' -r "$WORK/out" --include='*.report.json' | wc -l || true)
peak=$(grep -h "Maximum resident set size" "$STATS".* | awk '{print $NF}' | sort -n | tail -1)
python3 - "$forms" "$failed" "$start" "$end" "$peak" "$JOBS" <<'PY'
import sys
forms, failed, start, end, peak, jobs = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
secs = end - start
print(f"forms: {forms} ({failed} failed) in {secs:.1f} s with --jobs {jobs}")
print(f"throughput: {forms / secs:.1f} forms/s")
print(f"peak RSS (largest invox process): {peak / 1024:.1f} MB")
PY
