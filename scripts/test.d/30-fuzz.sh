# Sourced by scripts/test.sh: every libFuzzer target, built in the clang sanitizer tree, runs for
# INVOX_FUZZ_SECONDS (default 60); a crash fails CI and is kept in fuzz/regressions/<target>/.
fuzz_targets() {
  INVOX_FUZZ_BUILD="$ROOT/build-asan" "$ROOT/scripts/fuzz.sh" "${INVOX_FUZZ_SECONDS:-60}"
}
if [[ "${INVOX_SKIP_FUZZ:-0}" != 1 && "${INVOX_SKIP_SANITIZE:-0}" != 1 ]]; then
  extra_steps+=(fuzz_targets)
fi
