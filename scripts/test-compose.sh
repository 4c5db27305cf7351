#!/usr/bin/env bash
# `npm run test:compose`: starts compose.yaml with every profile at once (SQLite, PostgreSQL, MariaDB, two replicas
# behind the proxy) through Docker Compose against podman's Docker API socket, and checks each Folio answers; then
# on the replicas: a login through the proxy, a push, the pushed doc read back through the proxy as often as there
# are replicas and through the single PostgreSQL server on the same database with the same session; then `down -v`.
# Needs root and the image of `npm run test:container` (built first when missing). Where no image registry is
# reachable (these machines), postgres:16, mariadb:11 and nginx:alpine are replaced by stand-ins built from Debian's
# packages under the same names (scripts/compose-standins/: PostgreSQL 15, MariaDB 10.11, nginx, with the official
# images' environment variables); set FOLIO_COMPOSE_PULL=1 to pull the real images instead.
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${FOLIO_CONTAINER_WORK:-/var/tmp/folio-container}
PROJECT=foliocompose
mkdir -p "$WORK"
need=()
for t in podman runc debootstrap docker-compose; do command -v "$t" >/dev/null || need+=("$t"); done
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
[ -f "$WORK/containers.conf" ] || bash scripts/test-container.sh
export CONTAINERS_CONF="$WORK/containers.conf"
P=(podman --runtime runc)
"${P[@]}" image exists localhost/folio:test || bash scripts/test-container.sh
"${P[@]}" tag localhost/folio:test docker.io/library/folio:latest

if [ "${FOLIO_COMPOSE_PULL:-}" != 1 ]; then
  for img in postgres:16 mariadb:11 nginx:alpine; do
    n=${img%%:*}
    "${P[@]}" image exists "docker.io/library/$img" && continue
    echo "building a stand-in for $img…"
    "${P[@]}" build --format docker --network=host -f "scripts/compose-standins/$n.Dockerfile" \
      -t "docker.io/library/$img" scripts/compose-standins >"$WORK/standin-$n.log" 2>&1 || { tail -20 "$WORK/standin-$n.log"; exit 1; }
  done
fi

# Docker Compose talks to podman's Docker API; podman without systemd runs no healthcheck timers, so a loop runs
# the checks that `depends_on: condition: service_healthy` waits for.
sock="$WORK/podman.sock"
"${P[@]}" system service --time=0 "unix://$sock" >"$WORK/podman-service.log" 2>&1 &
svc=$!
ticker() {
  while true; do
    for c in $("${P[@]}" ps --filter "name=${PROJECT}_" --format '{{.Names}} {{.Status}}' | awk '/starting|unhealthy/{print $1}'); do
      "${P[@]}" healthcheck run "$c" >/dev/null 2>&1 || true
    done
    sleep 2
  done
}
ticker &
tick=$!
export DOCKER_HOST="unix://$sock"
DC=(docker-compose -p "$PROJECT" --profile postgres --profile mariadb --profile replicas)
cleanup() {
  "${DC[@]}" down -v >/dev/null 2>&1 || true
  kill "$tick" "$svc" 2>/dev/null || true
}
trap cleanup EXIT
for i in $(seq 1 50); do [ -S "$sock" ] && break; sleep 0.2; done

t0=$(date +%s)
"${DC[@]}" up -d 2>&1 | grep -v '^$' | tail -3
for port in 7700 7701 7702 7703; do
  for i in $(seq 1 120); do curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break; sleep 0.5; done
  echo "port $port: $(curl -fsS "http://127.0.0.1:$port/api/health")"
done
echo "every profile up and healthy in $(( $(date +%s) - t0 )) s"

# The PostgreSQL servers (folio-postgres, replica-a, replica-b) started together on one empty database: exactly one
# created the admin.
created=$("${DC[@]}" logs folio-postgres replica-a replica-b 2>&1 | grep -c 'First start: created super admin' || true)
[ "$created" = 1 ] || { echo "expected one first-start admin on PostgreSQL, got $created"; exit 1; }
password=$("${DC[@]}" logs folio-postgres replica-a replica-b 2>&1 | sed -n 's/.*with password: \([A-Za-z0-9_-]*\).*/\1/p' | head -1)

j() { node -pe "JSON.parse(require('fs').readFileSync(0)).$1"; }
api() { curl -fsS -H "token: $TOKEN" -H 'content-type: application/json' "$@"; }
PROXY=http://127.0.0.1:7703
TOKEN=$(curl -fsS -H 'content-type: application/json' -d "{\"username\":\"admin\",\"password\":\"$password\"}" "$PROXY/api/user/login" | j data.token)
space=$(api -d '{"name":"compose","isCompose":0}' "$PROXY/api/space/add" | j data.id)
project=$(api -d "{\"spaceId\":\"$space\",\"name\":\"p\",\"description\":\"\",\"isPrivate\":0}" "$PROXY/api/project/add" | j data.id)
module=$(api -d "{\"projectId\":\"$project\",\"name\":\"app\"}" "$PROXY/api/module/add" | j data.id)
apptoken=$(api "$PROXY/api/module/token/get?moduleId=$module" | j data.token)
node apps/server/bin/folio.mjs push apps/server/test/fixtures/openapi/oai-petstore-v3.0.yaml --url "$PROXY" --token "$apptoken" --wait
for i in 1 2 3 4; do
  api "$PROXY/api/doc/tree?moduleId=$module" | grep -q 'List all pets' || { echo "read $i through the proxy: doc missing"; exit 1; }
done
api "http://127.0.0.1:7701/api/doc/tree?moduleId=$module" | grep -q 'List all pets' || { echo "folio-postgres: doc missing"; exit 1; }
echo "pushed through the proxy; read back through both replicas and folio-postgres with one session"
# Each replica on its own (from inside its container): same database, same session.
for r in replica-a replica-b; do
  "${P[@]}" exec "${PROJECT}_${r}_1" node -e "fetch('http://127.0.0.1:7700/api/doc/tree?moduleId=$module',{headers:{token:'$TOKEN'}}).then(r=>r.text()).then(t=>process.exit(t.includes('List all pets')?0:1))" \
    || { echo "$r: doc missing"; exit 1; }
  echo "$r: reads the pushed doc"
done
# Rate limits behind the proxy count the client, whatever X-Forwarded-For it sends: the 11th wrong password for one
# username is refused although each try claims another address.
codes=""
for i in $(seq 1 11); do
  codes+="$(curl -sS -H "X-Forwarded-For: 203.0.113.$i" -H 'content-type: application/json' \
    -d '{"username":"admin","password":"wrong-password-1"}' "$PROXY/api/user/login" | j error) "
done
case "$codes" in *"rate_limited ") echo "11 wrong passwords with 11 forged addresses: the 11th refused (rate_limited)";;
  *) echo "not rate limited behind the proxy: $codes"; exit 1;; esac
echo "compose test passed"
