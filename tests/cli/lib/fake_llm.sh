# Starts the loopback fake LLM server (tests/tools/fake_llm) for CLI tests:
#   start_fake_llm LATENCY_MS   -> exports OPENAI_API_KEY, OPENAI_BASE_URL, XDG_CACHE_HOME
# The server is stopped when the script exits. Needs BIN, WORK and fail() (lib/assert.sh).
start_fake_llm() {
  local fake
  fake="$(dirname "$BIN")/tests/fake_llm"
  [[ -x "$fake" ]] || fail "fake LLM server not built at $fake"
  "$fake" --port 0 --latency-ms "$1" > "$WORK/fake.out" 2>&1 &
  FAKE_PID=$!
  trap 'kill $FAKE_PID 2>/dev/null; rm -rf "$WORK" "$ERRFILE"' EXIT
  for _ in $(seq 1 100); do grep -q "OpenAI base" "$WORK/fake.out" && break; sleep 0.05; done
  local base
  base=$(sed -n 's/.*OpenAI base \(http[^,]*\),.*/\1/p' "$WORK/fake.out")
  [[ -n "$base" ]] || fail "fake server did not start: $(cat "$WORK/fake.out")"
  export OPENAI_API_KEY=sk-test-fake OPENAI_BASE_URL=$base XDG_CACHE_HOME=$WORK/cache
}
