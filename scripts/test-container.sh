#!/usr/bin/env bash
# `npm run test:container`: builds the image with podman, starts it with a data volume, waits for health,
# pushes a spec with the image's own `folio push`, reads the doc back over HTTP, and stops.
# Where no image registry is reachable (these machines), the base image is made here: Debian by debootstrap
# from the configured apt mirror, plus Node 22 and npm from the npm registry. Needs root; installs podman,
# runc and debootstrap with apt when missing. Set FOLIO_BASE=node:22-slim to use the official base instead.
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${FOLIO_CONTAINER_WORK:-/var/tmp/folio-container}
PORT=${FOLIO_CONTAINER_PORT:-17780}
mkdir -p "$WORK"
need=()
for t in podman runc debootstrap; do command -v "$t" >/dev/null || need+=("$t"); done
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
cat > "$WORK/containers.conf" <<'CONF'
[containers]
default_ulimits = []
[engine]
cgroup_manager = "cgroupfs"
CONF
export CONTAINERS_CONF="$WORK/containers.conf"
P=(podman --runtime runc)

BASE=${FOLIO_BASE:-localhost/folio-base:bookworm}
BUILD_ARGS=(--build-arg "BASE=$BASE")
if [ "$BASE" = localhost/folio-base:bookworm ]; then
  BUILD_ARGS+=(--build-arg NODEDIR=/usr/local)
  if ! "${P[@]}" image exists "$BASE"; then
    echo "making the base image (debootstrap + Node 22 from the npm registry)…"
    # The apt mirror this machine uses (deb822 sources, else the classic list).
    mirror=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
    [ -n "$mirror" ] || mirror=$(awk '/^deb /{print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
    root="$WORK/rootfs"
    rm -rf "$root"
    debootstrap --variant=minbase bookworm "$root" "$mirror" >"$WORK/debootstrap.log" 2>&1
    npkg="node-linux-$(uname -m | sed 's/x86_64/x64/;s/aarch64/arm64/')"
    npm i --prefix "$WORK/node" --no-audit --no-fund "$npkg@22" npm@11 >"$WORK/node-install.log" 2>&1
    nodepkg="$WORK/node/node_modules/$npkg"
    cp -a "$nodepkg/bin/node" "$root/usr/local/bin/node"
    mkdir -p "$root/usr/local/include" "$root/usr/local/lib/node_modules"
    cp -a "$nodepkg/include/node" "$root/usr/local/include/"
    cp -a "$WORK/node/node_modules/npm" "$root/usr/local/lib/node_modules/npm"
    ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
    ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
    # This machine's CA bundle (its egress may re-sign TLS), for npm inside the build.
    mkdir -p "$root/etc/ssl/certs" "$root/usr/local/etc"
    cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
    echo "cafile=/etc/ssl/certs/ca-certificates.crt" > "$root/usr/local/etc/npmrc"
    tar -C "$root" -c . | "${P[@]}" import - "$BASE" >/dev/null
    rm -rf "$root"
  fi
fi

t0=$(date +%s)
"${P[@]}" build --format docker --network=host "${BUILD_ARGS[@]}" -t localhost/folio:test . >"$WORK/build.log" 2>&1 || { tail -30 "$WORK/build.log"; exit 1; }
echo "image built in $(( $(date +%s) - t0 )) s: $("${P[@]}" image inspect localhost/folio:test --format '{{.Size}}' | awk '{printf "%.0f MB", $1/1e6}')"

name=folio-test-$$
vol=folio-test-data-$$
cleanup() { "${P[@]}" rm -f "$name" >/dev/null 2>&1 || true; "${P[@]}" volume rm -f "$vol" >/dev/null 2>&1 || true; }
trap cleanup EXIT
"${P[@]}" run -d --name "$name" --network=host -e PORT="$PORT" -e FOLIO_ADMIN_PASSWORD=container-pass-1 -v "$vol:/data" localhost/folio:test >/dev/null
for i in $(seq 1 120); do curl -fsS "http://127.0.0.1:$PORT/api/health" >/dev/null 2>&1 && break; sleep 0.5; done
curl -fsS "http://127.0.0.1:$PORT/api/health"; echo

api() { curl -fsS -H "token: ${TOKEN:-}" -H 'content-type: application/json' "$@"; }
TOKEN=$(curl -fsS -H 'content-type: application/json' -d '{"username":"admin","password":"container-pass-1"}' "http://127.0.0.1:$PORT/api/user/login" | node -pe 'JSON.parse(require("fs").readFileSync(0)).data.token')
space=$(api -d '{"name":"ct","isCompose":0}' "http://127.0.0.1:$PORT/api/space/add" | node -pe 'JSON.parse(require("fs").readFileSync(0)).data.id')
project=$(api -d "{\"spaceId\":\"$space\",\"name\":\"p\",\"description\":\"\",\"isPrivate\":0}" "http://127.0.0.1:$PORT/api/project/add" | node -pe 'JSON.parse(require("fs").readFileSync(0)).data.id')
module=$(api -d "{\"projectId\":\"$project\",\"name\":\"app\"}" "http://127.0.0.1:$PORT/api/module/add" | node -pe 'JSON.parse(require("fs").readFileSync(0)).data.id')
apptoken=$(api "http://127.0.0.1:$PORT/api/module/token/get?moduleId=$module" | node -pe 'JSON.parse(require("fs").readFileSync(0)).data.token')
"${P[@]}" cp apps/server/test/fixtures/openapi/oai-petstore-v3.0.yaml "$name:/tmp/petstore.yaml"
"${P[@]}" exec "$name" folio push /tmp/petstore.yaml --url "http://127.0.0.1:$PORT" --token "$apptoken"
api "http://127.0.0.1:$PORT/api/doc/tree?moduleId=$module" | grep -q 'List all pets' && echo "read back: List all pets"
"${P[@]}" inspect "$name" --format '{{.Config.User}}' | grep -qx folio && echo "runs as user folio"
"${P[@]}" healthcheck run "$name" && echo "HEALTHCHECK: healthy"
"${P[@]}" stop -t 10 "$name" >/dev/null && echo "stopped"
echo "container test passed"
