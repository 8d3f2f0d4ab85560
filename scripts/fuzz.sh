#!/usr/bin/env bash
# Builds the libFuzzer targets with clang and runs each for a bounded time.
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
# Environment: INVOX_FUZZ_BUILD (see below), INVOX_JOBS (build parallelism, default 2).
# Seeds come from the repository's own templates, samples and test data; the growing corpus
# lives in build-fuzz/corpus/<target>. Any crash is copied to fuzz/regressions/<target>/, where
# tests/test_fuzz_regressions.cpp replays it in the normal test suite, and the script fails.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
# INVOX_FUZZ_BUILD names an existing clang tree configured with -DINVOX_BUILD_FUZZ=ON (CI reuses
# its sanitizer tree); by default a separate build-fuzz tree is configured here.
build=${INVOX_FUZZ_BUILD:-build-fuzz}
if [[ -z "${INVOX_FUZZ_BUILD:-}" ]]; then
  CXX=clang++ CC=clang cmake -S . -B "$build" -DINVOX_BUILD_FUZZ=ON -DINVOX_BUILD_TESTS=OFF \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
  targets=()
  for f in fuzz/fuzz_*.cpp; do targets+=("$(basename "$f" .cpp)"); done
fi
cmake --build "$build" -j "${INVOX_JOBS:-2}" --target "${targets[@]}"

seed_dir() {  # target -> seed files
  case "$1" in
    fuzz_template) ls templates/*.json tests/data/eval-tiny/templates/*.json ;;
    fuzz_transcript) ls samples/*.json samples/*.txt ;;
    fuzz_audio) ls samples/*.wav 2>/dev/null | head -n 3 ;;
    *) ls fuzz/seeds/"$1"/* 2>/dev/null ;;
  esac
}

# One target per core at a time (INVOX_JOBS, default 2): each run is single-threaded, so the
# wall time is ceil(targets / jobs) x SECONDS.
fuzz_one() {  # target: runs it, leaves its exit code in $build/$t.rc
  local t=$1 corpus="$build/corpus/$1" rc
  rm -f "$build/$t.rc"
  mkdir -p "$corpus" "fuzz/regressions/$t"
  while read -r seed; do [[ -n "$seed" ]] && cp -n "$seed" "$corpus/" 2>/dev/null || true; done < <(seed_dir "$t")
  set +e
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
    "$build/fuzz/$t" "$corpus" -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 \
    -artifact_prefix="fuzz/regressions/$t/" -print_final_stats=1 >"$build/$t.log" 2>&1
  rc=$?
  set -e
  echo "$rc" >"$build/$t.rc"
}

parallel=${INVOX_JOBS:-2}
for t in "${targets[@]}"; do
  while [[ $(jobs -rp | wc -l) -ge $parallel ]]; do wait -n || true; done
  fuzz_one "$t" &
done
wait

status=0
summary=()
for t in "${targets[@]}"; do
  log="$build/$t.log"
  rc=$(cat "$build/$t.rc" 2>/dev/null || echo 1)
  execs=$(grep -E "stat::number_of_executed_units" "$log" | awk '{print $2}' | tail -n1)
  summary+=("$t: ${execs:-0} executions in ${seconds}s, exit $rc")
  if [[ $rc -ne 0 ]]; then
    status=1
    echo "fuzz: $t found a problem; input kept in fuzz/regressions/$t/. Last lines:" >&2
    tail -n 30 "$log" >&2
  fi
done
printf 'fuzz: %s\n' "${summary[@]}"
exit $status
