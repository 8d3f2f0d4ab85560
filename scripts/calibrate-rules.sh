#!/usr/bin/env bash
# Regenerates the built-in calibration of the `rules` engine (src/core/rules_calibration.json)
# and the reliability diagram in docs/, then rebuilds invox so the new maps are compiled in.
# Run it from anywhere after any change to the rules engine or to the datasets; the test
# "the built-in rules calibration matches the engine's raw outputs" fails until you do.
#   scripts/calibrate-rules.sh [BUILD_DIR]      (default: build-ci)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-build-ci}"
cd "$root"
cmake --build "$build" -j2 --target invox
# Dataset paths are relative to the repository, as the tests find them (../shared/datasets/...).
"$build/invox" -q calibrate ../shared/datasets/dev ../shared/datasets/dialogue --strategy S1 --model rules \
  --no-cache --out src/core/rules_calibration.json --svg docs/reliability-rules.svg
cmake --build "$build" -j2 --target invox
echo "calibrate-rules: wrote src/core/rules_calibration.json and docs/reliability-rules.svg; commit both" >&2
