#!/usr/bin/env bash
# npm run scale-out: two server instances on one PostgreSQL database behind nginx (round robin on a
# loopback port), then scripts/scale-out-check.ts shows sessions, live events and writes working across
# both, and rate limits counted together in Redis. Everything runs on 127.0.0.1 and is stopped and removed at the end, whatever happens.
# Needs: a PostgreSQL server (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test), Redis
# (REDIS_URL, default redis://127.0.0.1:6379) and nginx
# (Debian package `nginx`: apt-get update && apt-get install -y nginx). Not part of CI.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

BASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
ADMIN_URL=${BASE_URL%/*}/postgres
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
if [ ! -x "$NGINX" ]; then
  echo "nginx is not installed: apt-get update && apt-get install -y nginx" >&2
  exit 2
fi

free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

WORK=$(mktemp -d /tmp/vouched-scale-XXXXXX)
DB=vouched_scale_$(date +%s)
DB_URL=${BASE_URL%/*}/$DB
P1=$(free_port)
P2=$(free_port)
PN=$(free_port)
PIDS=()

cleanup() {
  set +e
  [ -f "$WORK/nginx.pid" ] && "$NGINX" -p "$WORK" -c "$WORK/nginx.conf" -s quit 2>/dev/null
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null; done
  psql "$ADMIN_URL" -qAtc "drop database if exists $DB with (force)" >/dev/null 2>&1
  rm -rf "$WORK"
  echo "cleaned up: servers and nginx stopped, database $DB dropped"
}
trap cleanup EXIT

psql "$ADMIN_URL" -qAtc "create database $DB" >/dev/null
echo "database $DB on ${BASE_URL%/*}"

# Rate limits on and counted in Redis (127.0.0.1:6379 unless REDIS_URL says otherwise), under a
# prefix of this run's own: the check shows two instances allow what one does.
REDIS=${REDIS_URL:-redis://127.0.0.1:6379}
REDIS_RUN_PREFIX="vouched-scale-$(date +%s)-$$:"
SECRET=$(node -e "console.log(require('crypto').randomBytes(32).toString('hex'))")
start_instance() {
  local port=$1 name=$2
  mkdir -p "$WORK/$name"
  (cd apps/server && NODE_ENV=production TRUST_PROXY=127.0.0.1 PORT=$port HOST=127.0.0.1 DATABASE_URL=$DB_URL DATA_DIR="$WORK/$name" \
    SESSION_SECRET=$SECRET PUBLIC_URL=http://127.0.0.1:$PN SEED_DEMO=0 RATE_LIMIT=on REDIS_URL=$REDIS REDIS_PREFIX=$REDIS_RUN_PREFIX LOG_LEVEL=warn \
    exec node --import tsx src/main.ts) >"$WORK/$name.log" 2>&1 &
  PIDS+=($!)
}
start_instance "$P1" a
start_instance "$P2" b

mkdir -p "$WORK/logs" "$WORK/tmp"
cat >"$WORK/nginx.conf" <<EOF
worker_processes 1;
pid $WORK/nginx.pid;
error_log $WORK/logs/error.log warn;
events { worker_connections 256; }
http {
  access_log $WORK/logs/access.log;
  client_body_temp_path $WORK/tmp/body;
  proxy_temp_path $WORK/tmp/proxy;
  fastcgi_temp_path $WORK/tmp/fastcgi;
  uwsgi_temp_path $WORK/tmp/uwsgi;
  scgi_temp_path $WORK/tmp/scgi;
  upstream vouched {
    server 127.0.0.1:$P1;
    server 127.0.0.1:$P2;
  }
  server {
    listen 127.0.0.1:$PN;
    client_max_body_size 12m;
    location / {
      proxy_pass http://vouched;
      proxy_http_version 1.1;
      proxy_set_header Host \$http_host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto \$scheme;
      proxy_set_header Connection "";
      # Server-Sent Events: no buffering, long reads (the server pings every 25 s).
      proxy_buffering off;
      proxy_read_timeout 1h;
      add_header X-Upstream \$upstream_addr always;
    }
  }
}
EOF

for port in "$P1" "$P2"; do
  for _ in $(seq 1 120); do
    curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
    sleep 0.5
  done
  curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null || { echo "instance on $port did not start"; cat "$WORK"/*.log; exit 1; }
done
echo "instances: A on 127.0.0.1:$P1, B on 127.0.0.1:$P2"
"$NGINX" -p "$WORK" -c "$WORK/nginx.conf"
echo "nginx round robin on 127.0.0.1:$PN"

node --import tsx "$ROOT/scripts/scale-out-check.ts" "http://127.0.0.1:$PN" "http://127.0.0.1:$P1" "http://127.0.0.1:$P2" "$DB_URL"
