#!/usr/bin/env bash
# Creates (or upgrades) Kamailio's PostgreSQL database for deploy/kamailio/kamailio.cfg: role and database "kamailio",
# the schema files Debian ships in /usr/share/kamailio/postgres (package kamailio-postgres-modules), then
# deploy/kamailio/provisio-extra.sql (acc extra columns, indexes, provisio_call_settings), all loaded as that role so it
# owns its tables. Run as a PostgreSQL superuser, e.g.
#   sudo -u postgres KAMAILIO_DB_PASSWORD='…' deploy/kamailio/create-db.sh
# PGHOST/PGPORT are honoured. The portal's KAMAILIO_DB_URL is then postgres://kamailio:<password>@<host>/kamailio.
# Run again on an existing database, it leaves role, database and Debian's tables alone and applies what
# provisio-extra.sql adds (it is idempotent), so it also upgrades a database made by an older version of this script.
set -euo pipefail
SQL=${KAMAILIO_SQL_DIR:-/usr/share/kamailio/postgres}
EXTRA="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/provisio-extra.sql"
[ -d "$SQL" ] || { echo "$SQL is missing: apt-get install kamailio-postgres-modules" >&2; exit 1; }
if [ "$(psql -Atq -c "SELECT 1 FROM pg_database WHERE datname = 'kamailio'")" != "1" ]; then
  : "${KAMAILIO_DB_PASSWORD:?set KAMAILIO_DB_PASSWORD}"
  psql -v ON_ERROR_STOP=1 -q -v pw="$KAMAILIO_DB_PASSWORD" <<'SQL'
CREATE ROLE kamailio LOGIN PASSWORD :'pw';
CREATE DATABASE kamailio OWNER kamailio;
SQL
  for f in standard auth_db usrloc registrar domain acc dialog; do
    psql -v ON_ERROR_STOP=1 -q -d kamailio -c 'SET ROLE kamailio' -f "$SQL/$f-create.sql"
  done
  echo "created database kamailio (tables: subscriber, location, domain, acc, acc_cdrs, missed_calls, dialog, ...)"
fi
PGOPTIONS="-c client_min_messages=warning" psql -v ON_ERROR_STOP=1 -q -d kamailio -c 'SET ROLE kamailio' -f "$EXTRA"
echo "applied $EXTRA (acc extra columns, indexes, provisio_call_settings)"
