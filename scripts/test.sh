#!/usr/bin/env bash
# The whole test suite, as CI runs it (.ci/run):
#   1. installs missing Debian packages (scripts/install-deps.sh),
#   2. builds build-ci with -Wall -Wextra -Werror and runs every CTest test,
#   3. builds build-asan (clang) with AddressSanitizer + UndefinedBehaviorSanitizer and the fuzz
#      targets, and runs the suite again,
#   4. runs the extra steps of scripts/test.d/ (PostgreSQL suite, 60 s per fuzz target),
#   5. prints the CTest summaries.
# Works non-interactively (CI=true, no stdin) as root or with sudo.
#
# Extending: drop a file into scripts/test.d/NN-name.sh. Each is sourced in name order and may
# define functions and register them:
#   setup_steps+=(fn)     after the builds, before the first ctest (e.g. start PostgreSQL)
#   teardown_steps+=(fn)  at exit, also after a failure (e.g. stop PostgreSQL)
#   extra_steps+=(fn)     after both suites passed (e.g. a short fuzzing run)
#   ctest_env+=(VAR=value) environment for every ctest run (e.g. a database URL)
#
# Environment: INVOX_JOBS (default: nproc, at most 2 on this project's shared machines is the
# team rule; CI machines may use more), INVOX_SKIP_DEPS=1 (skip apt), INVOX_SKIP_SANITIZE=1
# (only the -Werror tree; also skips fuzzing), INVOX_SKIP_FUZZ=1, INVOX_SKIP_PG=1, INVOX_FUZZ_SECONDS
# (default 60 per target), INVOX_CTEST_ARGS (extra ctest arguments, e.g. "-L unit").
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
JOBS=${INVOX_JOBS:-$(nproc)}
CTEST_ARGS=(--output-on-failure --timeout 900 -j "$JOBS")
if [[ -n "${INVOX_CTEST_ARGS:-}" ]]; then
  read -r -a extra_args <<<"$INVOX_CTEST_ARGS"
  CTEST_ARGS+=("${extra_args[@]}")
fi

setup_steps=()
teardown_steps=()
extra_steps=()
ctest_env=()
summaries=()
started=$(date +%s)

step() { printf '\n==> %s (%ss)\n' "$*" "$(($(date +%s) - started))"; }

run_teardown() {
  local rc=$?
  for fn in "${teardown_steps[@]}"; do "$fn" || echo "test.sh: teardown step $fn failed" >&2; done
  if [[ ${#summaries[@]} -gt 0 ]]; then
    printf '\n==> CTest summaries\n'
    printf '%s\n' "${summaries[@]}"
  fi
  printf '==> test.sh finished with exit code %d after %ss\n' "$rc" "$(($(date +%s) - started))"
}
trap run_teardown EXIT

for hook in scripts/test.d/*.sh; do
  [[ -e "$hook" ]] || continue
  # shellcheck source=/dev/null
  source "$hook"
done

build_tree() {  # dir, cmake args...
  local dir=$1
  shift
  cmake -S "$ROOT" -B "$dir" -DINVOX_BUILD_TESTS=ON "$@" >/dev/null
  cmake --build "$dir" -j "$JOBS"
}

run_ctest() {  # dir, label
  local dir=$1 label=$2 log
  log="$dir/ctest.log"
  set +e
  (cd "$dir" && env "${ctest_env[@]}" ctest "${CTEST_ARGS[@]}") 2>&1 | tee "$log"
  local rc=${PIPESTATUS[0]}
  set -e
  summaries+=("$label: $(grep -E 'tests passed|tests failed' "$log" | tail -n 1)")
  return "$rc"
}

if [[ "${INVOX_SKIP_DEPS:-0}" != 1 ]]; then
  step "installing missing dependencies"
  scripts/install-deps.sh
fi

# Debug information is most of the compile and link time and CI never opens a debugger: the
# -Werror tree is optimized like RelWithDebInfo without -g, the sanitizer tree keeps line tables
# only (enough for file:line in ASan/UBSan stack traces).
step "building build-ci (-Werror)"
build_tree build-ci -DINVOX_WERROR=ON -DINVOX_SANITIZE=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -DNDEBUG" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -DNDEBUG"

if [[ "${INVOX_SKIP_SANITIZE:-0}" != 1 ]]; then
  # A second compiler (clang) catches what GCC lets pass, and the same tree holds the libFuzzer
  # targets, so fuzzing costs no third build. -Werror is enforced by the GCC tree above.
  step "building build-asan (clang, AddressSanitizer + UndefinedBehaviorSanitizer, fuzz targets)"
  CC=clang CXX=clang++ build_tree build-asan -DINVOX_WERROR=OFF -DINVOX_SANITIZE=ON -DINVOX_BUILD_FUZZ=ON \
    -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-gline-tables-only -DCMAKE_C_FLAGS_DEBUG=-gline-tables-only
fi

for fn in "${setup_steps[@]}"; do
  step "setup: $fn"
  "$fn"
done

step "running the suite (build-ci)"
run_ctest build-ci "build-ci (-Werror)"

if [[ "${INVOX_SKIP_SANITIZE:-0}" != 1 ]]; then
  step "running the suite under ASan + UBSan (build-asan)"
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1}
  export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
  # The [slow] tests (whole-dev-set accuracy, >10-minute audio) already ran in build-ci; under
  # the unoptimized sanitizer build they would dominate CI time without exercising new code.
  CTEST_ARGS+=(-LE slow)
  run_ctest build-asan "build-asan (ASan+UBSan, without [slow])"
fi

for fn in "${extra_steps[@]}"; do
  step "extra: $fn"
  "$fn"
done
