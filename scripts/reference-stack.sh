#!/usr/bin/env bash
# The reference deployment on loopback, for a local trial of the portal on a real SIP stack (docs/platforms.md,
# "The reference deployment"): PostgreSQL (Kamailio's database), Kamailio 5.6 (deploy/kamailio/kamailio.cfg),
# rtpengine 10.5 in userspace (deploy/rtpengine/rtpengine.conf) and the portal (the real server, PLATFORM=kamailio)
# with the demo tenants written into Kamailio as subscribers.
#
#   npm run reference -- start     starts everything (a fresh trial each time), prints the URL, login and logs
#   npm run reference -- status    what is running
#   npm run reference -- stop      stops what start started (by the PIDs it recorded), nothing else
#
# Needs root (PostgreSQL's cluster is run as the postgres user through runuser) and Debian's packages:
#   apt-get install -y kamailio kamailio-postgres-modules rtpengine-daemon postgresql
# State (PIDs, ports, logs, the portal's data, recordings) lives in one directory: $REFERENCE_DIR, default
# ./.reference. Ports (all on 127.0.0.1) can be changed with REFERENCE_PORTAL_PORT (8080), REFERENCE_SIP_PORT (5060),
# REFERENCE_RPC_PORT (5071), REFERENCE_NG_PORT (2223), REFERENCE_PG_PORT (55433), REFERENCE_RTP_PORTS (30000-30199);
# the admin password with REFERENCE_ADMIN_PASSWORD (default: generated, kept in the state directory);
# REFERENCE_BUILD_WEB=no skips building the web app.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
STATE=$(mkdir -p "${REFERENCE_DIR:-$ROOT/.reference}" && cd "${REFERENCE_DIR:-$ROOT/.reference}" && pwd)
LOGS=$STATE/logs
# The directory ignores itself (git status stays clean).
[ -f "$STATE/.gitignore" ] || printf '*\n' >"$STATE/.gitignore"
PORTAL_PORT=${REFERENCE_PORTAL_PORT:-8080}
SIP_PORT=${REFERENCE_SIP_PORT:-5060}
RPC_PORT=${REFERENCE_RPC_PORT:-5071}
NG_PORT=${REFERENCE_NG_PORT:-2223}
PG_PORT=${REFERENCE_PG_PORT:-55433}
RTP_PORTS=${REFERENCE_RTP_PORTS:-30000-30199}
COMPONENTS=(portal kamailio rtpengine)

say() { printf '%s\n' "$*"; }
fail() {
  printf 'reference: %s\n' "$*" >&2
  exit 1
}

# ---- checks -------------------------------------------------------------------------------------------------------

missing_packages() {
  local m=()
  command -v kamailio >/dev/null 2>&1 || [ -x /usr/sbin/kamailio ] || m+=(kamailio)
  [ -d /usr/share/kamailio/postgres ] || m+=(kamailio-postgres-modules)
  command -v rtpengine >/dev/null 2>&1 || m+=(rtpengine-daemon)
  ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || m+=(postgresql)
  command -v psql >/dev/null 2>&1 || m+=(postgresql-client)
  printf '%s\n' "${m[@]}"
}

check_can_start() {
  local m
  m=$(missing_packages | tr '\n' ' ')
  m=${m% }
  [ -z "$m" ] || fail "Debian packages missing: $m. Install them with: apt-get install -y $m (this script installs nothing)."
  [ "$(id -u)" = 0 ] || fail "must run as root: PostgreSQL's cluster is created and run as the postgres user (runuser). Run: sudo npm run reference -- start"
  id postgres >/dev/null 2>&1 || fail "the postgres user does not exist (it comes with Debian's postgresql package: apt-get install -y postgresql)."
  command -v node >/dev/null 2>&1 || fail "node is missing (Node.js >= 20.19, see README.md)."
  [ -x "$ROOT/node_modules/.bin/tsx" ] || fail "the project's dependencies are not installed: run npm ci in $ROOT first."
  local busy=()
  port_busy tcp "$PORTAL_PORT" && busy+=("$PORTAL_PORT/tcp (portal, REFERENCE_PORTAL_PORT)")
  port_busy udp "$SIP_PORT" && busy+=("$SIP_PORT/udp (SIP, REFERENCE_SIP_PORT)")
  port_busy tcp "$RPC_PORT" && busy+=("$RPC_PORT/tcp (Kamailio JSON-RPC, REFERENCE_RPC_PORT)")
  port_busy udp "$NG_PORT" && busy+=("$NG_PORT/udp (rtpengine ng, REFERENCE_NG_PORT)")
  port_busy tcp "$PG_PORT" && busy+=("$PG_PORT/tcp (PostgreSQL, REFERENCE_PG_PORT)")
  if [ ${#busy[@]} -gt 0 ]; then
    fail "ports already in use on this machine: $(IFS=';'; echo "${busy[*]}" | sed 's/;/, /g'). Free them or choose others with the variables named."
  fi
  [[ $RTP_PORTS =~ ^[0-9]+-[0-9]+$ ]] || fail "REFERENCE_RTP_PORTS must look like 30000-30199."
}

# True when the port cannot be bound on 127.0.0.1 (something listens there, or on every address).
port_busy() {
  ! node -e '
    const [kind, port] = [process.argv[1], Number(process.argv[2])];
    const done = (ok) => process.exit(ok ? 0 : 1);
    if (kind === "udp") {
      const s = require("node:dgram").createSocket("udp4");
      s.once("error", () => done(false));
      s.bind(port, "127.0.0.1", () => s.close(() => done(true)));
    } else {
      const srv = require("node:net").createServer();
      srv.once("error", () => done(false));
      srv.listen(port, "127.0.0.1", () => srv.close(() => done(true)));
    }' "$1" "$2"
}

# ---- processes ----------------------------------------------------------------------------------------------------

pid_of() { cat "$STATE/$1.pid" 2>/dev/null || true; }

# Alive and still the process we started (its command line, or for the portal its environment, names this state
# directory), so a reused PID or someone else's Kamailio, rtpengine or portal is never touched.
alive() {
  local pid
  pid=$(pid_of "$1")
  [ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] || return 1
  case $1 in
    portal) tr '\0' '\n' 2>/dev/null <"/proc/$pid/environ" | grep -qxF "DATA_DIR=$STATE/portal-data" ;;
    kamailio) tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline" | grep -qF -- "-w $STATE/kamailio " ;;
    rtpengine) tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline" | grep -qF -- "--recording-dir=$STATE/recordings" ;;
  esac
}

# Each component runs in its own session (setsid): its PID is its process group, stopped as a whole.
launch() {
  local name=$1
  shift
  setsid "$@" >>"$LOGS/$name.log" 2>&1 </dev/null &
  echo $! >"$STATE/$name.pid"
}

stop_one() {
  local name=$1 pid
  pid=$(pid_of "$name")
  if alive "$name"; then
    # Its process group (setsid made the PID its group id), else the process alone.
    local target=$pid
    [ "$(ps -o pgid= -p "$pid" | tr -d ' ')" = "$pid" ] && target=-$pid
    kill -TERM -- "$target" 2>/dev/null || true
    for _ in $(seq 1 100); do
      alive "$name" || break
      sleep 0.1
    done
    if alive "$name"; then
      kill -KILL -- "$target" 2>/dev/null || true
      say "  $name: did not stop within 10 s, killed"
    else
      say "  $name: stopped (pid $pid)"
    fi
  fi
  rm -f "$STATE/$name.pid"
}

stop_postgres() {
  if [ -f "$STATE/pg.env" ]; then
    # shellcheck disable=SC1091
    . "$STATE/pg.env"
    if [ -n "${PG_THROWAWAY_DIR:-}" ] && [ -d "$PG_THROWAWAY_DIR" ]; then
      # Keep PostgreSQL's log with the others before its directory goes.
      cp "$PG_THROWAWAY_DIR/log" "$LOGS/postgres.log" 2>/dev/null || true
      bash "$ROOT/scripts/pg-throwaway.sh" stop "$PG_THROWAWAY_DIR"
      say "  postgresql: stopped ($PG_THROWAWAY_DIR removed)"
    fi
    rm -f "$STATE/pg.env"
  fi
}

stop_all() {
  for c in "${COMPONENTS[@]}"; do stop_one "$c"; done
  stop_postgres
}

# Waits for a check to pass, or fails with the end of the component's log.
wait_for() {
  local what=$1 seconds=$2 log=$3
  shift 3
  local deadline=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    if [ $SECONDS -ge $deadline ]; then
      say "reference: $what did not come up within ${seconds} s; the end of $log:" >&2
      tail -n 25 "$log" >&2 || true
      say "reference: stopping what was started" >&2
      stop_all >&2
      exit 1
    fi
    sleep 0.3
  done
}

http_ok() {
  node -e '
    const [url, body] = process.argv.slice(1);
    fetch(url, body ? { method: "POST", headers: { "content-type": "application/json" }, body } : {})
      .then(async (r) => { const t = await r.text(); process.exit(r.ok && (!body || t.includes("\"result\"")) ? 0 : 1); })
      .catch(() => process.exit(1));' "$@"
}

rpc_ready() { alive kamailio && http_ok "http://127.0.0.1:$RPC_PORT/RPC" '{"jsonrpc":"2.0","method":"core.version","id":1}'; }
ng_ready() {
  alive rtpengine && node -e '
    const s = require("node:dgram").createSocket("udp4");
    const t = setTimeout(() => process.exit(1), 500);
    s.on("message", (m) => { clearTimeout(t); process.exit(m.toString().includes("pong") ? 0 : 1); });
    s.send("ref1 d7:command4:pinge", Number(process.argv[1]), "127.0.0.1");' "$NG_PORT"
}
portal_ready() { alive portal && http_ok "http://127.0.0.1:$PORTAL_PORT/api/health"; }

kam_sql() { PGPASSWORD=kamailio psql -Atq -h 127.0.0.1 -p "$PG_PORT" -U kamailio -d kamailio -c "$1"; }

# The web app is built when missing, or again when its sources are newer than the build (as npm start does).
build_web() {
  local index=$ROOT/apps/web/dist/index.html
  if [ "${REFERENCE_BUILD_WEB:-yes}" = no ]; then
    say "  web app: not built (REFERENCE_BUILD_WEB=no; the portal serves the API, and apps/web/dist if present)"
    return 0
  fi
  if [ -f "$index" ] && [ -z "$(find "$ROOT/apps/web/src" "$ROOT/apps/web/index.html" "$ROOT/packages/contract/src" -newer "$index" -print -quit 2>/dev/null)" ]; then
    say "  web app: up to date (apps/web/dist)"
    return 0
  fi
  say "  web app: building (npm run build; about a minute, log in $LOGS/build.log)"
  (cd "$ROOT" && npm run build >"$LOGS/build.log" 2>&1) || {
    tail -n 20 "$LOGS/build.log" >&2
    fail "the web build failed (log: $LOGS/build.log)"
  }
}

# ---- commands -----------------------------------------------------------------------------------------------------

start() {
  for c in "${COMPONENTS[@]}"; do
    alive "$c" && fail "already running (the $c, pid $(pid_of "$c")): npm run reference -- status, or stop it first."
  done
  [ ! -f "$STATE/pg.env" ] || fail "a PostgreSQL of an earlier start is recorded in $STATE/pg.env: run npm run reference -- stop first."
  check_can_start
  local t0=$SECONDS
  # A fresh trial: the previous run's logs, portal data and recordings go.
  rm -rf "$LOGS" "$STATE/portal-data" "$STATE/recordings" "$STATE/kamailio"
  mkdir -p "$LOGS" "$STATE/portal-data" "$STATE/recordings" "$STATE/kamailio"
  local password=${REFERENCE_ADMIN_PASSWORD:-}
  if [ -z "$password" ]; then
    [ -s "$STATE/admin-password" ] || node -e 'process.stdout.write(require("node:crypto").randomBytes(12).toString("base64url"))' >"$STATE/admin-password"
    password=$(cat "$STATE/admin-password")
  fi
  chmod 600 "$STATE/admin-password" 2>/dev/null || true
  say "Starting the reference stack (state in $STATE)"

  build_web

  say "  postgresql: starting on 127.0.0.1:$PG_PORT (Kamailio's schema + deploy/kamailio/provisio-extra.sql)"
  if ! bash "$ROOT/scripts/pg-throwaway.sh" start "$PG_PORT" >"$STATE/pg.env" 2>"$LOGS/postgres-start.log"; then
    rm -f "$STATE/pg.env"
    cat "$LOGS/postgres-start.log" >&2
    fail "PostgreSQL did not start (above)."
  fi
  # shellcheck disable=SC1091
  . "$STATE/pg.env"
  ln -sf "$PG_THROWAWAY_DIR/log" "$LOGS/postgres.log"
  local dburl="postgres://kamailio:kamailio@127.0.0.1:$PG_PORT/kamailio"

  say "  rtpengine: starting (ng udp:127.0.0.1:$NG_PORT, RTP $RTP_PORTS, userspace, pcap recordings)"
  launch rtpengine rtpengine --config-file="$ROOT/deploy/rtpengine/rtpengine.conf" --listen-ng="127.0.0.1:$NG_PORT" \
    --port-min="${RTP_PORTS%-*}" --port-max="${RTP_PORTS#*-}" --recording-dir="$STATE/recordings"
  wait_for "rtpengine" 15 "$LOGS/rtpengine.log" ng_ready

  say "  kamailio: starting (SIP udp:127.0.0.1:$SIP_PORT, JSON-RPC tcp:127.0.0.1:$RPC_PORT)"
  launch kamailio kamailio -f "$ROOT/deploy/kamailio/kamailio.cfg" -DD -E -w "$STATE/kamailio" \
    -A "LISTEN=udp:127.0.0.1:$SIP_PORT" -A "DBURL=\"$dburl\"" \
    -A "RPC_LISTEN=tcp:127.0.0.1:$RPC_PORT" -A "RTPENGINE_SOCK=\"udp:127.0.0.1:$NG_PORT\""
  wait_for "Kamailio" 20 "$LOGS/kamailio.log" rpc_ready

  say "  portal: starting on http://127.0.0.1:$PORTAL_PORT (PLATFORM=kamailio, demo data written into Kamailio)"
  (
    cd "$ROOT/apps/server"
    export PLATFORM=kamailio KAMAILIO_DB_URL="$dburl" KAMAILIO_SIP_HOST="127.0.0.1:$SIP_PORT" \
      KAMAILIO_RPC_URL="http://127.0.0.1:$RPC_PORT/RPC" RTPENGINE_NG="udp:127.0.0.1:$NG_PORT" \
      RTPENGINE_RECORDING_DIR="$STATE/recordings" DATA_DIR="$STATE/portal-data" PORT="$PORTAL_PORT" HOST=127.0.0.1 \
      PUBLIC_URL="http://127.0.0.1:$PORTAL_PORT" ADMIN_PASSWORD="$password" SEED_DEMO=true
    unset DATABASE_URL
    node "$ROOT/scripts/build.mjs" server >>"$LOGS/portal.log" 2>&1 && launch portal node --enable-source-maps dist/server.js
  )
  wait_for "the portal" 120 "$LOGS/portal.log" portal_ready

  local subs
  subs=$(kam_sql "SELECT count(*) FROM subscriber" 2>/dev/null || echo '?')
  if grep -q 'demo data not seeded' "$LOGS/portal.log"; then
    say "reference: warning: the demo data was not seeded (see $LOGS/portal.log)" >&2
  fi
  {
    echo "PORTAL_URL=http://127.0.0.1:$PORTAL_PORT"
    echo "SIP=udp:127.0.0.1:$SIP_PORT"
    echo "RPC_URL=http://127.0.0.1:$RPC_PORT/RPC"
    echo "RTPENGINE_NG=udp:127.0.0.1:$NG_PORT"
    echo "RTP_PORTS=$RTP_PORTS"
    echo "KAMAILIO_DB_URL=$dburl"
    echo "RECORDINGS=$STATE/recordings"
  } >"$STATE/ports.env"
  cat <<EOF

The reference stack is up (in $((SECONDS - t0)) s).
  Portal      http://127.0.0.1:$PORTAL_PORT    sign in as admin / $password   (cloud ID DEMO)
  Kamailio    SIP udp:127.0.0.1:$SIP_PORT, JSON-RPC http://127.0.0.1:$RPC_PORT/RPC   ($subs subscribers: the demo extensions)
  rtpengine   ng udp:127.0.0.1:$NG_PORT, RTP $RTP_PORTS, recordings in $STATE/recordings
  PostgreSQL  $dburl
  Logs        $LOGS/{portal,kamailio,rtpengine,postgres}.log
  Phones      docs/platforms.md, "The reference deployment": link two demo extensions, provision two softphones, call.
  Stop with   npm run reference -- stop
EOF
}

status() {
  local up=0
  say "Reference stack (state in $STATE):"
  for c in "${COMPONENTS[@]}"; do
    if alive "$c"; then
      say "  $c: running (pid $(pid_of "$c"))"
      up=$((up + 1))
    else
      say "  $c: not running"
    fi
  done
  if [ -f "$STATE/pg.env" ]; then
    # shellcheck disable=SC1091
    . "$STATE/pg.env"
    if [ -n "${PG_THROWAWAY_DIR:-}" ] && [ -f "$PG_THROWAWAY_DIR/data/postmaster.pid" ]; then
      say "  postgresql: running (pid $(head -n 1 "$PG_THROWAWAY_DIR/data/postmaster.pid"), $PG_THROWAWAY_DIR)"
      up=$((up + 1))
    else
      say "  postgresql: not running"
    fi
  else
    say "  postgresql: not running"
  fi
  if [ -f "$STATE/ports.env" ] && [ $up -gt 0 ]; then
    sed 's/^/  /' "$STATE/ports.env"
    local url
    url=$(sed -n 's/^PORTAL_URL=//p' "$STATE/ports.env")
    if alive portal && http_ok "$url/api/health"; then say "  health: $url/api/health answers"; else say "  health: $url/api/health does not answer"; fi
  fi
  say "  logs: $LOGS"
  [ $up -eq 4 ]
}

stop() {
  say "Stopping the reference stack (state in $STATE)"
  stop_all
  rm -f "$STATE/ports.env"
  say "Stopped. Logs are kept in $LOGS until the next start."
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *)
    say "Usage: npm run reference -- start | status | stop   (or: bash scripts/reference-stack.sh start | status | stop)" >&2
    exit 2
    ;;
esac
