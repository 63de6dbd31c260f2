#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on loopback (Debian's PostgreSQL 15) and prints its URL.
# Usage: eval "$(scripts/pg-throwaway.sh start [port])"  ->  sets PG_THROWAWAY_DIR and TEST_DATABASE_URL
#        scripts/pg-throwaway.sh stop "$PG_THROWAWAY_DIR"
set -euo pipefail
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
case "${1:-start}" in
  start)
    PORT=${2:-55432}
    DIR=$(mktemp -d /tmp/provisio-pg.XXXXXX)
    chown postgres:postgres "$DIR"
    runuser -u postgres -- "$PGBIN/initdb" -D "$DIR/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1
    runuser -u postgres -- "$PGBIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w -t 30 start \
      -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" >/dev/null
    runuser -u postgres -- psql -q -h "$DIR" -p "$PORT" -U postgres -c "CREATE ROLE app LOGIN PASSWORD 'app'" -c "CREATE DATABASE app OWNER app" >/dev/null
    echo "export PG_THROWAWAY_DIR=$DIR"
    echo "export TEST_DATABASE_URL=postgres://app:app@127.0.0.1:$PORT/app"
    ;;
  stop)
    DIR=$2
    runuser -u postgres -- "$PGBIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null || true
    rm -rf "$DIR"
    ;;
esac
