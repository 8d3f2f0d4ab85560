#!/usr/bin/env bash
# Batch throughput: N synthetic transcripts generated from the dev dataset's templates and cases
# (values re-drawn per transcript), then `invox fill --model rules --jobs J` over the folder.
# Prints forms/second and the peak RSS of the invox process.
#   bench/batch-throughput.sh [N=10000] [JOBS=2]
# With INVOX_BASELINE_BIN set, the same transcripts are also run by that binary (e.g. a build of
# main), ROUNDS times each in alternation (A B A B ...), into the same kind of folder, and the
# ratio of the two throughputs is printed: a machine shared with other work slows both alike,
# so the ratio is what a change is judged by, not the absolute number.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=${INVOX_BIN:-$ROOT/build/invox}
BASELINE=${INVOX_BASELINE_BIN:-}
ROUNDS=${ROUNDS:-3}
DATASET=${DATASET:-$ROOT/../shared/datasets/dev}
N=${1:-10000}
JOBS=${2:-2}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

python3 "$ROOT/bench/make_transcripts.py" "$DATASET" "$WORK/in" "$N"
TEMPLATE_DIR="$WORK/in"

# run_once BIN OUT STATS: every template folder through BIN; prints "seconds forms failed peak_kb".
run_once() {
  local bin=$1 out=$2 stats=$3
  rm -rf "$out"
  local start end
  start=$(date +%s.%N)
  for tdir in "$TEMPLATE_DIR"/*/; do
    local t; t=$(basename "$tdir")
    /usr/bin/time -v -o "$stats.$t" env -u OPENAI_API_KEY -u GEMINI_API_KEY \
      "$bin" fill --model rules --jobs "$JOBS" --quiet --out "$out/$t" "$DATASET/templates/$t.json" "$tdir" \
      2>>"$WORK/invox.err" || true
  done
  end=$(date +%s.%N)
  local forms failed peak
  forms=$(find "$out" -name '*.report.json' | wc -l)
  failed=$(grep -l '"status": "failed"' -r "$out" --include='*.report.json' | wc -l || true)
  peak=$(grep -h "Maximum resident set size" "$stats".* | awk '{print $NF}' | sort -n | tail -1)
  rm -f "$stats".*
  python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.3f}', sys.argv[3], sys.argv[4], sys.argv[5])" \
    "$start" "$end" "$forms" "$failed" "$peak"
}

if [[ -z "$BASELINE" ]]; then
  read -r secs forms failed peak < <(run_once "$BIN" "$WORK/out" "$WORK/time")
  python3 - "$forms" "$failed" "$secs" "$peak" "$JOBS" <<'PY'
import sys
forms, failed, secs, peak, jobs = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
print(f"forms: {forms} ({failed} failed) in {secs:.1f} s with --jobs {jobs}")
print(f"throughput: {forms / secs:.1f} forms/s")
print(f"peak RSS (largest invox process): {peak / 1024:.1f} MB")
PY
  exit 0
fi

: > "$WORK/rounds.txt"
for r in $(seq 1 "$ROUNDS"); do
  echo "baseline $(run_once "$BASELINE" "$WORK/out-base" "$WORK/time")" >> "$WORK/rounds.txt"
  echo "new $(run_once "$BIN" "$WORK/out-new" "$WORK/time")" >> "$WORK/rounds.txt"
done
python3 - "$WORK/rounds.txt" "$JOBS" "$BASELINE" "$BIN" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
jobs, base_bin, new_bin = sys.argv[2], sys.argv[3], sys.argv[4]
def summary(name):
    runs = [(float(s), int(f), int(x), int(p)) for n, s, f, x, p in rows if n == name]
    rates = sorted(f / s for s, f, _, _ in runs)
    return runs, rates
for name, binary in (("baseline", base_bin), ("new", new_bin)):
    runs, rates = summary(name)
    forms, failed = runs[0][1], runs[0][2]
    print(f"{name} ({binary}): {forms} forms ({failed} failed), --jobs {jobs}, forms/s per round: "
          + ", ".join(f"{r:.0f}" for r in rates) + f"; best {rates[-1]:.0f}; peak RSS {max(p for *_, p in runs) / 1024:.1f} MB")
_, base = summary("baseline")
_, new = summary("new")
print(f"ratio new/baseline (best round each): {new[-1] / base[-1]:.2f}x; (median): {new[len(new) // 2] / base[len(base) // 2]:.2f}x")
PY
