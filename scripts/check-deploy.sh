#!/usr/bin/env bash
# Checks the deployment files of docs/deploy.md on this machine, on loopback only:
#   1. deploy/systemd/provisio.service passes `systemd-analyze verify` with no warning; its exposure score;
#      deploy/systemd/provisio.env.example parses with the server's own config schema.
#   2. deploy/nginx/provisio.conf (ports, names and certificate paths replaced, nothing else) passes `nginx -t` and
#      runs in front of a real portal (SQLite, TRUST_PROXY=true) with a self-signed certificate: health, HSTS once,
#      http -> https, the client's address in the throttle and the log (a forged X-Forwarded-For ignored), body limits.
#   3. SQLite online backup (.backup and VACUUM INTO) while the portal runs; a portal started on the restored copy.
#   4. An older build refuses a database migrated further (the rollback story); the server as an unprivileged user
#      from a `current` symlink, writing only DATA_DIR; SIGTERM stops the portal with exit status 0.
#   5. PostgreSQL (skipped with CHECK_PG=no): two instances behind the same nginx, a session made through one used
#      through the other; pg_dump + pg_restore and pg_basebackup restored and served.
# Usage (root, Debian 12 with nginx, openssl, sqlite3, curl, postgresql): bash scripts/check-deploy.sh
# NGINX_SITE=file checks another copy of the site file (a provider's edited one); KEEP=yes keeps the work directory;
# PROVISIO_CMD overrides the server command. Every process it starts is stopped by its PID at the end.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
WORK=$(mktemp -d /tmp/provisio-deploy-check.XXXXXX)
chmod 755 "$WORK"
PIDS=()
PG_DIR=""
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
FAILED=0
ADMIN_PASSWORD="Deploy-check-$RANDOM$RANDOM"

cleanup() {
  local pid
  for pid in "${PIDS[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid" 2>/dev/null || true; fi
  done
  for pid in "${PIDS[@]}"; do
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  if [ -n "$PG_DIR" ] && [ -f "$PG_DIR/base/postmaster.pid" ]; then
    runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PG_DIR/base" -m fast -w stop >/dev/null || true
  fi
  if [ -n "$PG_DIR" ]; then bash "$ROOT/scripts/pg-throwaway.sh" stop "$PG_DIR" || true; fi
  if [ "${KEEP:-no}" = yes ]; then echo "work directory kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

ok() { printf 'ok    %s\n' "$*"; }
bad() { printf 'FAIL  %s\n' "$*"; FAILED=$((FAILED + 1)); }
check() { local what=$1; shift; if "$@"; then ok "$what"; else bad "$what"; fi; }
need() { command -v "$1" >/dev/null || { echo "check-deploy: $1 is missing (apt-get install -y $2)" >&2; exit 2; }; }
need systemd-analyze systemd
need nginx nginx
need openssl openssl
need sqlite3 sqlite3
need curl curl
free_port() {
  node -e 'const s = require("net").createServer();
    s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'
}
token() { node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).Token ?? "")' \
  "$WORK/login.json"; }
# me_calls N [curl args]: the statuses of N calls of /api/v1/me through nginx with $TOKEN.
me_calls() {
  local n=$1 out=""; shift
  for _ in $(seq 1 "$n"); do
    out+="$("${TLS[@]}" "$@" -o /dev/null -w '%{http_code}' -H "Token: $TOKEN" "$BASE/api/v1/me") "
  done
  echo "$out"
}
both_logged() { # both_logged FILE... : each instance's log has a /me call from the client's address
  local f
  for f in "$@"; do grep -q '"url":"/api/v1/me".*"ip":"127.0.0.3"' "$f" || return 1; done
}
NEWER_MIGRATION="INSERT INTO kysely_migration (name, timestamp)
  VALUES ('999_from_a_newer_release', '2026-11-23T00:00:00.000Z')"

# The compiled server when it is built, else its sources through tsx (PROVISIO_CMD overrides).
if [ -n "${PROVISIO_CMD:-}" ]; then read -r -a SERVER <<<"$PROVISIO_CMD"
elif [ -f apps/server/dist/server.js ]; then SERVER=(node --enable-source-maps apps/server/dist/server.js)
else SERVER=(node --import tsx apps/server/src/server.ts); fi
echo "portal command: ${SERVER[*]}"

# start_portal NAME PORT [KEY=value ...]: starts a portal, records its PID, waits for /api/health.
start_portal() {
  local name=$1 port=$2; shift 2
  (cd "${PORTAL_CWD:-$ROOT}" && exec env HOST=127.0.0.1 PORT="$port" TRUST_PROXY=true SEED_DEMO=false \
    ADMIN_PASSWORD="$ADMIN_PASSWORD" CLOUD_ID=DEPLOY PUBLIC_URL="https://localhost:$TLS_PORT" LOG_LEVEL=info \
    "$@" "${SERVER[@]}") >"$WORK/$name.log" 2>&1 &
  local pid=$!
  PIDS+=("$pid")
  eval "PID_$name=$pid"
  for _ in $(seq 1 150); do
    if curl -fsS -o /dev/null "http://127.0.0.1:$port/api/health" 2>/dev/null; then return 0; fi
    kill -0 "$pid" 2>/dev/null || { echo "portal $name exited:"; tail -n 20 "$WORK/$name.log"; return 1; }
    sleep 0.2
  done
  echo "portal $name did not answer /api/health in 30 s"; tail -n 20 "$WORK/$name.log"; return 1
}

SITE=$(realpath "${NGINX_SITE:-deploy/nginx/provisio.conf}")
TLS_PORT=$(free_port)
HTTP_PORT=$(free_port)
PORTAL_PORT=$(free_port)

echo "== 1. systemd unit and environment file"
UNIT=deploy/systemd/provisio.service
out=$(systemd-analyze verify "$UNIT" 2>&1) && [ -z "$out" ] && ok "systemd-analyze verify: no error, no warning" \
  || { bad "systemd-analyze verify"; echo "$out"; }
score=$(systemd-analyze security --offline=yes "$UNIT" 2>&1 | grep -o 'Overall exposure level.*' || true)
echo "      systemd-analyze security --offline=yes: ${score:-?}"
# systemd reads KEY=value lines; without quotes or backslashes its reading is the plain one used here.
check "provisio.env.example: no quotes or backslashes (systemd reads the values as written)" \
  bash -c "! grep -E '^[# ]*[A-Z_]+=.*[\"\\\\'\\'']' deploy/systemd/provisio.env.example"
validate_env() {
  node --import tsx --input-type=module -e '
    import fs from "node:fs";
    const { loadConfig } = await import("./apps/server/src/config.ts");
    const env = {};
    for (const line of fs.readFileSync(process.argv[1], "utf8").split("\n")) {
      const m = (process.argv[2] === "all" ? line.replace(/^# (?=[A-Z_]+=)/, "") : line).match(/^([A-Z_]+)=(.*)$/);
      if (m) env[m[1]] = m[2].trim();
    }
    loadConfig(env);
    console.log(Object.keys(env).length);
  ' "$1" "$2"
}
EXAMPLE=deploy/systemd/provisio.env.example
n=$(validate_env "$EXAMPLE" set) && ok "provisio.env.example: its $n keys pass the server's config schema" \
  || bad "provisio.env.example: config schema"
n=$(validate_env "$EXAMPLE" all) && ok "provisio.env.example: with every commented key too ($n keys)" \
  || bad "provisio.env.example, commented keys: config schema"

echo "== 2. nginx in front of a portal (TLS on 127.0.0.1:$TLS_PORT, http on $HTTP_PORT, portal on $PORTAL_PORT)"
mkdir -p "$WORK/nginx"
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=localhost -addext subjectAltName=DNS:localhost \
  -keyout "$WORK/nginx/key.pem" -out "$WORK/nginx/cert.pem" 2>/dev/null
# write_site UPSTREAM_LINES: the shipped file with only addresses, names and certificate paths replaced.
write_site() {
  local upstream=$1
  sed -e "s#^    server 127.0.0.1:8080 max_fails=3 fail_timeout=10s;#$upstream#" \
      -e "s#^    listen 80;#    listen 127.0.0.1:$HTTP_PORT;#" -e "/^    listen \[::\]:80;/d" \
      -e "s#^    listen 443 ssl http2;#    listen 127.0.0.1:$TLS_PORT ssl http2;#" \
      -e "/^    listen \[::\]:443 ssl http2;/d" \
      -e "s#portal.example.com;#localhost;#" \
      -e "s#/etc/letsencrypt/live/portal.example.com/fullchain.pem#$WORK/nginx/cert.pem#" \
      -e "s#/etc/letsencrypt/live/portal.example.com/privkey.pem#$WORK/nginx/key.pem#" \
      "$SITE" >"$WORK/nginx/site.conf"
  # Every replacement happened (the file changed shape otherwise: mend this script with it).
  local changed="127.0.0.1:$HTTP_PORT;\|127.0.0.1:$TLS_PORT ssl\|$WORK/nginx/\(cert\|key\).pem\|server_name localhost"
  [ "$(grep -c "$changed" "$WORK/nginx/site.conf")" = 6 ] \
    && ! grep -v '^ *#' "$WORK/nginx/site.conf" | grep -q 'example.com\|\[::\]\|:8080 '
}
cat >"$WORK/nginx/nginx.conf" <<EOF
# Test wrapper: what Debian's /etc/nginx/nginx.conf gives a site, with every path in this directory.
user root;
worker_processes 1;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  access_log $WORK/nginx/access.log;
  client_body_temp_path $WORK/nginx/body;
  proxy_temp_path $WORK/nginx/proxy;
  fastcgi_temp_path $WORK/nginx/fastcgi;
  uwsgi_temp_path $WORK/nginx/uwsgi;
  scgi_temp_path $WORK/nginx/scgi;
  include $WORK/nginx/site.conf;
}
EOF
NGINX=(nginx -p "$WORK/nginx" -e "$WORK/nginx/error.log" -c "$WORK/nginx/nginx.conf")
check "site file: addresses, names and certificate paths replaced (6 lines)" \
  write_site "    server 127.0.0.1:$PORTAL_PORT;"
out=$("${NGINX[@]}" -t 2>&1) && ok "nginx -t: $(echo "$out" | tail -n 1 | sed 's/^nginx: //')" \
  || { bad "nginx -t"; echo "$out"; }
"${NGINX[@]}" -g 'daemon off;' &
PIDS+=("$!")
NGINX_PID=$!

start_portal sqlite "$PORTAL_PORT" DATA_DIR="$WORK/data" || { bad "portal on SQLite started"; exit 1; }
TLS=(curl -sS --cacert "$WORK/nginx/cert.pem" --resolve "localhost:$TLS_PORT:127.0.0.1")
BASE="https://localhost:$TLS_PORT"
for _ in $(seq 1 50); do "${TLS[@]}" -o /dev/null "$BASE/api/health" 2>/dev/null && break; sleep 0.2; done

code=$("${TLS[@]}" -o "$WORK/health.json" -w '%{http_code}' "$BASE/api/health")
check "GET /api/health through nginx over TLS (certificate verified): $code $(head -c 120 "$WORK/health.json")" \
  [ "$code" = 200 ]
"${TLS[@]}" -D "$WORK/h.txt" -o /dev/null "$BASE/api/health"
hsts=$(grep -ci '^strict-transport-security:' "$WORK/h.txt" || true)
check "HSTS: exactly one header ($(grep -i '^strict-transport-security:' "$WORK/h.txt" | tr -d '\r'))" \
  bash -c "[ $hsts = 1 ] && grep -qi '^strict-transport-security: max-age=31536000; includeSubDomains' '$WORK/h.txt'"
loc=$(curl -sS -o /dev/null -w '%{http_code} %{redirect_url}' "http://127.0.0.1:$HTTP_PORT/login")
check "plain http redirects to https: $loc" [ "$loc" = "301 https://127.0.0.1/login" ]

# The client connects from 127.0.0.3 and forges X-Forwarded-For; nginx connects to the portal from 127.0.0.1.
login() { # login VIA_URL PASSWORD [curl args...] -> HTTP status
  local url=$1 pw=$2; shift 2
  "$@" -o "$WORK/login.json" -w '%{http_code}' -H 'Content-Type: application/json' \
    -d "{\"cloud_id\":\"DEPLOY\",\"user\":\"admin\",\"password\":\"$pw\"}" "$url/api/v1/adminLogin"
}
code=$(login "$BASE" wrong-password "${TLS[@]}" --interface 127.0.0.3 -H 'X-Forwarded-For: 203.0.113.7')
check "wrong password through nginx from 127.0.0.3 with a forged X-Forwarded-For: $code" [ "$code" = 401 ]
ADDRESS_KEYS="SELECT group_concat(key, ' ')
  FROM (SELECT key FROM login_failures WHERE key LIKE 'admin:ip:%' ORDER BY key)"
keys=$(sqlite3 "$WORK/data/provisio.sqlite" "$ADDRESS_KEYS")
check "the sign-in throttle counts the client's address: $keys" [ "$keys" = "admin:ip:127.0.0.3" ]
line=$(grep '"url":"/api/v1/adminLogin"' "$WORK/sqlite.log" | grep -o '"ip":"[^"]*"' | head -n 1)
check "the portal's log names it too: $line" [ "$line" = '"ip":"127.0.0.3"' ]
code=$(login "http://127.0.0.1:$PORTAL_PORT" wrong-password curl -sS --interface 127.0.0.3 \
  -H 'X-Forwarded-For: 203.0.113.7')
keys=$(sqlite3 "$WORK/data/provisio.sqlite" "$ADDRESS_KEYS")
check "why the portal's port must be closed to all but nginx: straight to it, a forged address counts ($code; $keys)" \
  bash -c "[ '$code' = 401 ] && echo '$keys' | grep -q 'admin:ip:203.0.113.7'"

code=$(login "$BASE" "$ADMIN_PASSWORD" "${TLS[@]}")
TOKEN=$(token)
check "admin signs in through nginx: $code" [ "$code" = 200 -a -n "$TOKEN" ]
# 1x1 PNG, a 6 MiB file (over the portal's 5 MiB picture limit) and 13 MiB (over nginx's 12m).
node -e '
  const fs = require("fs");
  const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
  fs.writeFileSync(process.argv[1] + "/small.png", Buffer.from(png, "base64"));
  const big = (n) => Buffer.concat([fs.readFileSync(process.argv[1] + "/small.png"), Buffer.alloc(n)]);
  fs.writeFileSync(process.argv[1] + "/6m.png", big(6 * 1048576));
  fs.writeFileSync(process.argv[1] + "/13m.png", big(13 * 1048576));
  // 9 MiB of import: under the portal'"'"'s 10 MiB limit and nginx'"'"'s 12m; the portal refuses its rows.
  const row = { extension: "1000", name: "x".repeat(200) };
  const rows = Array(Math.ceil((9 * 1048576) / 230)).fill(row);
  fs.writeFileSync(process.argv[1] + "/import.json", JSON.stringify({ dry_run: true, rows }));
' "$WORK"
upload() { # upload FILE -> "status body-start"
  "${TLS[@]}" -D "$WORK/up.h" -o "$WORK/up.out" -w '%{http_code}' -H "Token: $TOKEN" \
    -F type=image -F name=Administrator -F "file=@$1;type=image/png" "$BASE/api/v1/updateProfile"
  printf ' %s' "$(head -c 160 "$WORK/up.out" | tr -d '\r\n')"
}
r=$(upload "$WORK/small.png")
check "multipart picture upload through nginx: $r" [ "${r%% *}" = 200 ]
r=$(upload "$WORK/6m.png")
check "6 MiB picture: refused by the portal itself, not nginx: $r" \
  bash -c "[ '${r%% *}' = 413 ] && ! grep -q nginx '$WORK/up.out'"
r=$(upload "$WORK/13m.png")
check "13 MiB body: refused by nginx (client_max_body_size 12m): ${r:0:40}" \
  bash -c "[ '${r%% *}' = 413 ] && grep -q nginx '$WORK/up.out'"
check "HSTS on nginx's own error answer too (add_header ... always)" grep -qi '^strict-transport-security:' "$WORK/up.h"
code=$("${TLS[@]}" -o "$WORK/imp.out" -w '%{http_code}' -H "Token: $TOKEN" -H 'Content-Type: application/json' \
  --data-binary "@$WORK/import.json" "$BASE/api/v1/extensionsImport")
size=$(stat -c %s "$WORK/import.json")
check "9 MiB import reaches the portal through nginx ($size bytes: $code $(head -c 100 "$WORK/imp.out"))" \
  bash -c "[ '$code' != 413 ] && [ '$code' -lt 500 ] && ! grep -q nginx '$WORK/imp.out'"

echo "== 3. SQLite online backup and restore"
mkdir -p "$WORK/backup" "$WORK/restored"
sqlite3 "$WORK/data/provisio.sqlite" ".backup '$WORK/backup/provisio.sqlite'"
sqlite3 "$WORK/data/provisio.sqlite" "VACUUM INTO '$WORK/backup/provisio-vacuum.sqlite'"
r=$(sqlite3 "$WORK/backup/provisio.sqlite" 'PRAGMA integrity_check')
check "sqlite3 .backup while the portal runs: integrity_check $r" [ "$r" = ok ]
r=$(sqlite3 "$WORK/backup/provisio-vacuum.sqlite" 'PRAGMA integrity_check')
check "VACUUM INTO while the portal runs: integrity_check $r" [ "$r" = ok ]
cp "$WORK/backup/provisio.sqlite" "$WORK/restored/provisio.sqlite"
RESTORE_PORT=$(free_port)
if start_portal restored "$RESTORE_PORT" DATA_DIR="$WORK/restored" ADMIN_PASSWORD=; then
  code=$(login "http://127.0.0.1:$RESTORE_PORT" "$ADMIN_PASSWORD" curl -sS)
  check "a portal on the restored copy: health 200, admin signs in with the original's password: $code" \
    [ "$code" = 200 ]
  kill -TERM "$PID_restored"; wait "$PID_restored" || true
else bad "a portal on the restored copy"; fi

echo "== 4. Upgrade and rollback; SIGTERM"
cp "$WORK/backup/provisio.sqlite" "$WORK/restored/provisio.sqlite"
rm -f "$WORK/restored/provisio.sqlite-wal" "$WORK/restored/provisio.sqlite-shm"
sqlite3 "$WORK/restored/provisio.sqlite" "$NEWER_MIGRATION"
OLD_PORT=$(free_port)
set +e
env HOST=127.0.0.1 PORT="$OLD_PORT" DATA_DIR="$WORK/restored" SEED_DEMO=false "${SERVER[@]}" >"$WORK/older.log" 2>&1 &
pid=$!; PIDS+=("$pid"); wait "$pid"; rc=$?
set -e
why=$(grep -o 'corrupted migrations[^"]*missing' "$WORK/older.log" | head -n 1)
check "this build on a database a newer release migrated: refuses to start (exit $rc: $why)" \
  bash -c "[ $rc != 0 ] && grep -q 'corrupted migrations' '$WORK/older.log'"
# As the unit runs it: a user without privileges, the checkout read-only to it, no home; only DATA_DIR writable;
# started in a `current` symlink to the release, with the server's path relative to it.
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
  mkdir -p "$WORK/nobody" && chown nobody "$WORK/nobody"
  ln -s "$ROOT" "$WORK/current"
  NOBODY_PORT=$(free_port)
  PORTAL_CWD="$WORK/current" start_portal nobody "$NOBODY_PORT" DATA_DIR="$WORK/nobody" HOME=/nonexistent \
    setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups --no-new-privs \
    && code=$(login "http://127.0.0.1:$NOBODY_PORT" "$ADMIN_PASSWORD" curl -sS) || code=none
  writable=$(runuser -u nobody -- sh -c "touch '$ROOT/apps/server/dist/.w' 2>/dev/null && echo yes || echo no")
  check "as nobody, from a current -> release symlink (checkout writable: $writable): starts, admin signs in: $code" \
    [ "$code" = 200 -a "$writable" = no ]
  kill -TERM "$PID_nobody"; wait "$PID_nobody" || true
  check "after SIGTERM, SQLite's log is written back: no provisio.sqlite-wal left" \
    [ ! -e "$WORK/nobody/provisio.sqlite-wal" ]
fi
start=$(date +%s%N)
kill -TERM "$PID_sqlite"
set +e; wait "$PID_sqlite"; rc=$?; set -e
ms=$((($(date +%s%N) - start) / 1000000))
check "SIGTERM: the portal exits with $rc after $ms ms (TimeoutStopSec=30)" [ "$rc" = 0 -a "$ms" -lt 30000 ]

if [ "${CHECK_PG:-yes}" = yes ]; then
  echo "== 5. PostgreSQL: two instances behind nginx, pg_dump and pg_basebackup"
  PG_PORT=$(free_port)
  eval "$(bash scripts/pg-throwaway.sh start "$PG_PORT")"
  PG_DIR=$PG_THROWAWAY_DIR
  DB=$TEST_DATABASE_URL
  A_PORT=$(free_port); B_PORT=$(free_port)
  # The first instance alone on the empty database (it migrates and creates the admin), then the second.
  start_portal pga "$A_PORT" DATABASE_URL="$DB" DATA_DIR="$WORK/pga" \
    && start_portal pgb "$B_PORT" DATABASE_URL="$DB" DATA_DIR="$WORK/pgb" \
    || { bad "two portals on PostgreSQL"; exit 1; }
  check "site file with both instances in the upstream" \
    write_site "    server 127.0.0.1:$A_PORT; server 127.0.0.1:$B_PORT;"
  "${NGINX[@]}" -s reload
  sleep 1
  code=$(login "$BASE" "$ADMIN_PASSWORD" "${TLS[@]}" --interface 127.0.0.3)
  TOKEN=$(token)
  codes=$(me_calls 10 --interface 127.0.0.3)
  a=$(grep -c '"url":"/api/v1/me"' "$WORK/pga.log" || true); b=$(grep -c '"url":"/api/v1/me"' "$WORK/pgb.log" || true)
  check "sign-in through nginx ($code), then 10 calls with its token: $codes- A served $a, B served $b" \
    bash -c "[ '$code' = 200 ] && [ '$codes' = '$(printf '200 %.0s' $(seq 1 10))' ] && [ $a -gt 0 ] && [ $b -gt 0 ]"
  check "both instances log the client's address (127.0.0.3)" \
    both_logged "$WORK/pga.log" "$WORK/pgb.log"
  # A rolling upgrade: another instance has run a newer release's migration. A running older instance keeps
  # serving (the schema only grew); restarted, it refuses the database until it runs the new release too.
  PSQL=(runuser -u postgres -- psql -Atq -h "$PG_DIR" -p "$PG_PORT" -U postgres)
  "${PSQL[@]}" -d app -c "$NEWER_MIGRATION"
  code=$(curl -sS -o /dev/null -w '%{http_code}' -H "Token: $TOKEN" "http://127.0.0.1:$B_PORT/api/v1/me")
  check "an older instance still running after a newer release migrated: /api/v1/me $code" [ "$code" = 200 ]
  kill -TERM "$PID_pgb"; wait "$PID_pgb" || true
  set +e
  env HOST=127.0.0.1 PORT="$B_PORT" DATABASE_URL="$DB" DATA_DIR="$WORK/pgb" "${SERVER[@]}" \
    >"$WORK/pgb-restart.log" 2>&1 &
  pid=$!; PIDS+=("$pid"); wait "$pid"; rc=$?
  set -e
  check "the same instance restarted: refuses to start (exit $rc, corrupted migrations)" \
    bash -c "[ $rc != 0 ] && grep -q 'corrupted migrations' '$WORK/pgb-restart.log'"
  "${PSQL[@]}" -d app -c "DELETE FROM kysely_migration WHERE name = '999_from_a_newer_release'"
  start_portal pgb "$B_PORT" DATABASE_URL="$DB" DATA_DIR="$WORK/pgb" || bad "instance B started again"

  # An instance stopped: nginx sends everything to the other (a rolling restart).
  kill -TERM "$PID_pga"; wait "$PID_pga" || true
  codes=$(me_calls 6)
  check "instance A stopped: every call still answered by B: $codes" [ "$codes" = "200 200 200 200 200 200 " ]

  runuser -u postgres -- pg_dump -h "$PG_DIR" -p "$PG_PORT" -U postgres -Fc -f "$PG_DIR/app.dump" app
  "${PSQL[@]}" -c "CREATE DATABASE restored OWNER app"
  runuser -u postgres -- pg_restore -h "$PG_DIR" -p "$PG_PORT" -U postgres --no-owner --role=app -d restored \
    "$PG_DIR/app.dump"
  C_PORT=$(free_port)
  if start_portal pgc "$C_PORT" DATABASE_URL="${DB%/app}/restored" DATA_DIR="$WORK/pgc"; then
    code=$(login "http://127.0.0.1:$C_PORT" "$ADMIN_PASSWORD" curl -sS)
    check "pg_dump -Fc / pg_restore into a new database: a portal on it signs the admin in: $code" [ "$code" = 200 ]
    kill -TERM "$PID_pgc"; wait "$PID_pgc" || true
  else bad "a portal on the pg_restore'd database"; fi

  BB_PORT=$(free_port)
  runuser -u postgres -- pg_basebackup -h "$PG_DIR" -p "$PG_PORT" -U postgres -D "$PG_DIR/base" -X stream -c fast
  runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PG_DIR/base" -l "$PG_DIR/base.log" -w -t 30 start \
    -o "-p $BB_PORT -k $PG_DIR -c listen_addresses=127.0.0.1" >/dev/null
  D_PORT=$(free_port)
  if start_portal pgd "$D_PORT" DATABASE_URL="${DB%:*/app}:$BB_PORT/app" DATA_DIR="$WORK/pgd"; then
    code=$(login "http://127.0.0.1:$D_PORT" "$ADMIN_PASSWORD" curl -sS)
    check "pg_basebackup started as a cluster of its own: a portal on it signs the admin in: $code" [ "$code" = 200 ]
    kill -TERM "$PID_pgd"; wait "$PID_pgd" || true
  else bad "a portal on the pg_basebackup copy"; fi
  runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PG_DIR/base" -m fast -w stop >/dev/null
fi

echo
if [ "$FAILED" = 0 ]; then echo "check-deploy: every check passed"; exit 0; fi
echo "check-deploy: $FAILED check(s) failed"
exit 1
