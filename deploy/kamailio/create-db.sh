#!/usr/bin/env bash
# Creates Kamailio's PostgreSQL database for deploy/kamailio/kamailio.cfg: role and database "kamailio", then the
# schema files Debian ships in /usr/share/kamailio/postgres (package kamailio-postgres-modules), loaded as that role so
# it owns its tables. Run as a PostgreSQL superuser, e.g.
#   sudo -u postgres KAMAILIO_DB_PASSWORD='…' deploy/kamailio/create-db.sh
# PGHOST/PGPORT are honoured. The portal's KAMAILIO_DB_URL is then postgres://kamailio:<password>@<host>/kamailio.
set -euo pipefail
SQL=${KAMAILIO_SQL_DIR:-/usr/share/kamailio/postgres}
: "${KAMAILIO_DB_PASSWORD:?set KAMAILIO_DB_PASSWORD}"
[ -d "$SQL" ] || { echo "$SQL is missing: apt-get install kamailio-postgres-modules" >&2; exit 1; }
psql -v ON_ERROR_STOP=1 -q -v pw="$KAMAILIO_DB_PASSWORD" <<'SQL'
CREATE ROLE kamailio LOGIN PASSWORD :'pw';
CREATE DATABASE kamailio OWNER kamailio;
SQL
for f in standard auth_db usrloc registrar domain acc dialog; do
  psql -v ON_ERROR_STOP=1 -q -d kamailio -c 'SET ROLE kamailio' -f "$SQL/$f-create.sql"
done
echo "created database kamailio (tables: subscriber, location, domain, acc, dialog, ...)"
