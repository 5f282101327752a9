#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a throwaway PostgreSQL 15 cluster on a loopback
# port, and removes the cluster afterwards: scripts/with-postgres.sh npx vitest run --project server
set -euo pipefail

PG_BIN=""
for dir in /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin; do
  if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then PG_BIN="$dir"; break; fi
done
if [ -z "$PG_BIN" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "PostgreSQL is missing: installing it with apt-get (postgresql, 15 on Debian 12)..."
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq postgresql >/dev/null
    PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  else
    echo "The PostgreSQL tests need PostgreSQL 15: install it with 'apt-get install postgresql' (as root) and run again." >&2
    exit 1
  fi
fi

WORK=$(mktemp -d /tmp/runway-pg-XXXXXX)
PGDATA="$WORK/data"
PORT=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
as_owner() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "$(id -u)" = "0" ]; then chown postgres "$WORK"; fi

cleanup() {
  as_owner "$PG_BIN/pg_ctl" -D "$PGDATA" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

as_owner "$PG_BIN/initdb" -D "$PGDATA" --auth=trust --username=runway --encoding=UTF8 >/dev/null
PG_OPTIONS="-p $PORT -k $WORK -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
as_owner "$PG_BIN/pg_ctl" -D "$PGDATA" -l "$WORK/postgres.log" -w -o "$PG_OPTIONS" start >/dev/null
as_owner "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U runway runway >/dev/null

export DATABASE_URL="postgres://runway@127.0.0.1:$PORT/runway"
# For the tests that stop and start the cluster itself (tests/server/change-feed-restart.test.ts).
export RUNWAY_TEST_PG_CTL="$PG_BIN/pg_ctl" RUNWAY_TEST_PGDATA="$PGDATA" RUNWAY_TEST_PG_OPTIONS="$PG_OPTIONS" RUNWAY_TEST_PG_LOG="$WORK/postgres.log"
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') running on 127.0.0.1:$PORT for this run"
"$@"
