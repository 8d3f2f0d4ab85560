#!/usr/bin/env bash
# Long transcripts: `invox fill --model rules` of one transcript of growing size, built from a
# dataset's dictations (bench/make_long_transcript.py): `whole` repeats them whole, `cut` joins
# pieces cut at arbitrary byte boundaries. Prints size -> wall seconds, CPU seconds (user + sys:
# what a loaded machine does not inflate), CPU ms/KB, peak RSS and the ms/KB ratio to the 16 KB
# run of the same kind (linear cost: the ratio stays near 1 or below; start-up is in every run).
#   bench/long-transcript.sh [SIZES_KB="4 16 64 256 1024"] [KINDS="whole cut"]
# Env: INVOX_BIN (default build/invox), DATASET (default ../shared/datasets/dev),
#      TEMPLATE (default DATASET/templates/patient-intake.json).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=${INVOX_BIN:-$ROOT/build/invox}
DATASET=${DATASET:-$ROOT/../shared/datasets/dev}
TEMPLATE=${TEMPLATE:-$DATASET/templates/patient-intake.json}
SIZES=${1:-4 16 64 256 1024}
KINDS=${2:-whole cut}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

printf '%-6s %8s %8s %8s %9s %8s %6s\n' kind size_KB wall_s cpu_s cpu_ms/KB rss_MB ratio
for kind in $KINDS; do
  base=""
  for kb in $SIZES; do
    in="$WORK/$kind-$kb.txt"
    python3 "$ROOT/bench/make_long_transcript.py" "$DATASET" $((kb * 1024)) "$kind" "$in"
    start=$(date +%s.%N)
    /usr/bin/time -v -o "$WORK/time" env -u OPENAI_API_KEY -u GEMINI_API_KEY \
      "$BIN" fill --model rules --quiet --force --reference-date 2026-01-15 --out "$WORK/out" "$TEMPLATE" "$in" \
      >/dev/null 2>"$WORK/err" || { echo "invox failed on $in:"; cat "$WORK/err"; exit 1; }
    end=$(date +%s.%N)
    rss=$(awk '/Maximum resident set size/ {print $NF}' "$WORK/time")
    cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {printf "%.3f", s}' "$WORK/time")
    read -r secs mspkb < <(python3 -c "import sys; print(f'{float(sys.argv[2])-float(sys.argv[1]):.3f}', f'{float(sys.argv[3])*1000/int(sys.argv[4]):.3f}')" "$start" "$end" "$cpu" "$kb")
    [[ $kb == 16 ]] && base=$mspkb
    ratio=$([[ -n $base ]] && python3 -c "import sys; print(f'{float(sys.argv[1])/float(sys.argv[2]):.2f}')" "$mspkb" "$base" || echo -)
    printf '%-6s %8s %8s %8s %9s %8.1f %6s\n' "$kind" "$kb" "$secs" "$cpu" "$mspkb" "$(echo "$rss/1024" | bc -l)" "$ratio"
  done
done
