# Sourced by scripts/test.sh: the [pg] tests run once more against a real PostgreSQL server
# that scripts/with-postgres.sh starts on a loopback port as a non-root user and always stops.
# (In the main ctest runs they skip, as INVOX_TEST_PG_URL is unset there.)
postgres_suite() {
  "$ROOT/scripts/with-postgres.sh" ctest --test-dir "$ROOT/build-ci" -L pg --output-on-failure --timeout 600
}
if [[ "${INVOX_SKIP_PG:-0}" != 1 && -x "$ROOT/scripts/with-postgres.sh" ]]; then
  extra_steps+=(postgres_suite)
fi
