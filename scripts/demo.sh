#!/usr/bin/env bash
# Installs what is missing, builds invox, and fills a bundled form from a bundled dictation
# with the embedded defaults (offline `rules` model, no API key, no network), then prints it.
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=${INVOX_JOBS:-$(nproc)}

scripts/install-deps.sh --runtime-only
# A tree of its own: the demo needs no test dependencies and leaves developer trees alone.
cmake -S . -B build-demo -DCMAKE_BUILD_TYPE=RelWithDebInfo -DINVOX_BUILD_TESTS=OFF >/dev/null
cmake --build build-demo -j "$JOBS" --target invox

template=templates/emergency-triage.json
input=samples/triage-001.txt
out=demo-out
echo
echo "==> dictation ($input):"
fold -s -w 100 "$input"
echo
echo "==> build-demo/invox fill $template $input --out $out"
set +e
# The embedded defaults: no key in the environment means the offline `rules` model.
env -u OPENAI_API_KEY -u GEMINI_API_KEY build-demo/invox fill "$template" "$input" --out "$out"
rc=$?
set -e
stem=$(basename "$input" .txt)
echo
echo "==> $out/$stem.filled.json"
cat "$out/$stem.filled.json"
echo
echo "==> $out/$stem.report.json"
cat "$out/$stem.report.json"
if [[ $rc -ne 0 ]]; then
  echo "demo: invox fill exited with $rc (see the report above)" >&2
fi
exit $rc
