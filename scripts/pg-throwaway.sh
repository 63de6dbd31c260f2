#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on loopback (Debian's PostgreSQL 15) and prints its URL.
# Usage: eval "$(scripts/pg-throwaway.sh start [port])"  ->  sets PG_THROWAWAY_DIR, TEST_DATABASE_URL and
#        KAMAILIO_TEST_DB_URL
#        scripts/pg-throwaway.sh kamailio "$PG_THROWAWAY_DIR" [port]  (adds the kamailio database to a running cluster)
#        scripts/pg-throwaway.sh stop "$PG_THROWAWAY_DIR"
set -euo pipefail
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
KAMAILIO_SQL=/usr/share/kamailio/postgres
KAMAILIO_EXTRA="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/deploy/kamailio/provisio-extra.sql"

# Kamailio's own database, as a provider creates it (docs/platforms.md): role and database "kamailio", then Debian's
# schema files (package kamailio-postgres-modules), loaded as that role so it owns the tables (skipped when present),
# then deploy/kamailio/provisio-extra.sql, always: it is idempotent, so an older cluster's database is upgraded too.
kamailio_db() {
  local dir=$1 port=$2
  if [ ! -d "$KAMAILIO_SQL" ]; then
    echo "pg-throwaway: $KAMAILIO_SQL is missing (apt-get install kamailio-postgres-modules)" >&2
    return 1
  fi
  local have
  have=$(runuser -u postgres -- psql -Atq -h "$dir" -p "$port" -U postgres -c "SELECT 1 FROM pg_database WHERE datname = 'kamailio'")
  if [ "$have" != "1" ]; then
    runuser -u postgres -- psql -q -h "$dir" -p "$port" -U postgres -c "CREATE ROLE kamailio LOGIN PASSWORD 'kamailio'" -c "CREATE DATABASE kamailio OWNER kamailio" >/dev/null
    for f in standard auth_db usrloc registrar domain acc dialog; do
      runuser -u postgres -- psql -q -v ON_ERROR_STOP=1 -h "$dir" -p "$port" -U kamailio -d kamailio -f "$KAMAILIO_SQL/$f-create.sql" >/dev/null
    done
  fi
  # Read by the postgres user whatever the checkout's permissions: fed on stdin.
  PGOPTIONS="-c client_min_messages=warning" runuser -u postgres -- psql -q -v ON_ERROR_STOP=1 -h "$dir" -p "$port" -U kamailio -d kamailio -f - <"$KAMAILIO_EXTRA" >/dev/null
}
case "${1:-start}" in
  start)
    PORT=${2:-55432}
    DIR=$(mktemp -d /tmp/provisio-pg.XXXXXX)
    # A start that fails or is interrupted half-way shows PostgreSQL's own words, and leaves no cluster running and
    # no directory behind.
    undo_start() {
      local f="$DIR/log"
      [ -s "$f" ] || f="$DIR/initdb.log"
      if [ -s "$f" ]; then echo "pg-throwaway: start failed; the end of $f:" >&2; tail -n 15 "$f" >&2; fi
      runuser -u postgres -- "$PGBIN/pg_ctl" -D "$DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
      rm -rf "$DIR"
    }
    trap undo_start EXIT
    trap 'exit 130' INT TERM
    chown postgres:postgres "$DIR"
    runuser -u postgres -- "$PGBIN/initdb" -D "$DIR/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1
    runuser -u postgres -- "$PGBIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w -t 30 start \
      -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" >/dev/null
    runuser -u postgres -- psql -q -h "$DIR" -p "$PORT" -U postgres -c "CREATE ROLE app LOGIN PASSWORD 'app'" -c "CREATE DATABASE app OWNER app" >/dev/null
    kamailio_db "$DIR" "$PORT"
    trap - EXIT INT TERM
    echo "export PG_THROWAWAY_DIR=$DIR"
    echo "export TEST_DATABASE_URL=postgres://app:app@127.0.0.1:$PORT/app"
    echo "export KAMAILIO_TEST_DB_URL=postgres://kamailio:kamailio@127.0.0.1:$PORT/kamailio"
    ;;
  kamailio)
    DIR=$2
    PORT=${3:-55432}
    kamailio_db "$DIR" "$PORT"
    echo "export KAMAILIO_TEST_DB_URL=postgres://kamailio:kamailio@127.0.0.1:$PORT/kamailio"
    ;;
  stop)
    DIR=$2
    runuser -u postgres -- "$PGBIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null || true
    rm -rf "$DIR"
    ;;
esac
