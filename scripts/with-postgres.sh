#!/usr/bin/env bash
# Runs CMD... against a throw-away PostgreSQL cluster on a loopback port, then always stops it.
#
#   scripts/with-postgres.sh ctest --test-dir build -L pg
#
# Installs Debian's `postgresql` when no server binaries exist (needs root), runs the server as
# a non-root user (postgres, or a created `invoxpg`), exports INVOX_TEST_PG_URL for CMD and
# returns CMD's exit status. Nothing listens beyond 127.0.0.1; the cluster lives in a temp dir.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: $0 CMD [ARG...]" >&2
  exit 2
fi

find_bindir() {
  local d
  for d in /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin; do
    if [[ -x "$d/initdb" && -x "$d/pg_ctl" ]]; then echo "$d"; return 0; fi
  done
  return 1
}

if ! BINDIR=$(find_bindir); then
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
    echo "with-postgres: installing postgresql (apt-get)" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql >/dev/null
    BINDIR=$(find_bindir)
  else
    echo "with-postgres: PostgreSQL server binaries not found; install the 'postgresql' package" >&2
    exit 2
  fi
fi

# The server refuses to run as root: pick a non-root account to own the cluster.
RUN_AS=()
if [[ $(id -u) -eq 0 ]]; then
  PGUSER_OS=postgres
  if ! id "$PGUSER_OS" >/dev/null 2>&1; then
    PGUSER_OS=invoxpg
    id "$PGUSER_OS" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$PGUSER_OS"
  fi
  RUN_AS=(runuser -u "$PGUSER_OS" --)
fi

WORK=$(mktemp -d /tmp/invox-pg.XXXXXX)
chmod 755 "$WORK"
[[ ${#RUN_AS[@]} -gt 0 ]] && chown "$PGUSER_OS" "$WORK"

PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null ||
       shuf -i 40000-59999 -n 1)

cleanup() {
  "${RUN_AS[@]}" "$BINDIR/pg_ctl" -D "$WORK/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

"${RUN_AS[@]}" "$BINDIR/initdb" -D "$WORK/data" -U invox --auth=trust -E UTF8 --locale=C.UTF-8 >"$WORK/initdb.log" 2>&1 ||
  { cat "$WORK/initdb.log" >&2; exit 1; }
if ! "${RUN_AS[@]}" "$BINDIR/pg_ctl" -D "$WORK/data" -l "$WORK/server.log" -w -t 60 \
    -o "-p $PORT -k $WORK -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50" start >/dev/null; then
  cat "$WORK/server.log" >&2
  exit 1
fi
"${RUN_AS[@]}" "$BINDIR/createdb" -h 127.0.0.1 -p "$PORT" -U invox invox_test

export INVOX_TEST_PG_URL="postgres://invox@127.0.0.1:$PORT/invox_test"
echo "with-postgres: PostgreSQL $("$BINDIR/pg_ctl" --version | awk '{print $3}') at $INVOX_TEST_PG_URL" >&2
set +e
"$@"
status=$?
set -e
exit $status
