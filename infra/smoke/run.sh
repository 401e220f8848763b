#!/usr/bin/env bash
# The compose stack, started and tried: builds every image here (infra/images/build.sh, then the
# services and the gateway on honne/node:local), brings docker-compose.yml up with
# infra/compose.local.yml, runs the smoke journey (faults/compose/journey.ts) through the proxy's
# published port only; then scales the running stack (--scale chat=2 --scale gateway=2) and runs it
# again with the two people's sockets on different gateway instances and a chat instance sent
# SIGTERM mid-stream; then `down -v`.
#
#   infra/smoke/run.sh            # single, then scaled
#   infra/smoke/run.sh single     # single only
#
# Needs an engine that answers (infra/images/engine.sh start) and docker compose v2 or Debian's
# docker-compose v1 (installed if missing). Everything is published on 127.0.0.1, on free ports.
# Prints how long images and the stack took (recorded in bench/README.md).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
ROOT=$PWD
RUN_DIR=$(mktemp -d /tmp/honne-smoke.XXXXXX)
# Its own project name per run, so two runs on one engine (two CI runs, a developer) never meet.
PROJECT=honne-smoke-$(basename "$RUN_DIR" | sed "s/.*\.//" | tr "[:upper:]" "[:lower:]" | tr -dc "a-z0-9")
MODE=${1:-all}
[[ $MODE == all || $MODE == single ]] || { echo "usage: $0 [all|single]" >&2; exit 2; }

say() { printf '\n\033[1m[smoke] %s\033[0m\n' "$*"; }
die() {
  printf '\n\033[1;31m[smoke] %s\033[0m\n' "$*" >&2
  exit 1
}

docker info >/dev/null 2>&1 || die "no container engine answers (infra/images/engine.sh start)"
if docker compose version >/dev/null 2>&1; then
  COMPOSE_BIN=(docker compose)
else
  if ! command -v docker-compose >/dev/null; then
    say "installing Debian's docker-compose (v1)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends docker-compose >/dev/null
  fi
  COMPOSE_BIN=(docker-compose)
fi
ENV_FILE="$RUN_DIR/env"
COMPOSE=("${COMPOSE_BIN[@]}" --project-name "$PROJECT" --env-file "$ENV_FILE" -f docker-compose.yml -f infra/compose.local.yml)

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_port() {
  local p=$1
  while listening "$p"; do p=$((p + 1)); done
  echo "$p"
}
random_hex() { od -An -N"$1" -tx1 /dev/urandom | tr -d ' \n'; }

down() { "${COMPOSE[@]}" down -v --remove-orphans >"$RUN_DIR/down.log" 2>&1 || cat "$RUN_DIR/down.log" >&2; }
cleanup() {
  local rc=$?
  set +e
  if ((rc != 0)); then
    "${COMPOSE[@]}" ps >&2
    "${COMPOSE[@]}" logs --no-color --tail 15 >&2
  fi
  down
  rm -rf "$RUN_DIR"
  exit "$rc"
}
trap cleanup EXIT

# ---------------------------------------------------------------------------------------------
say "images"
started=$SECONDS
infra/images/build.sh
for service in accounts topics chat calls points; do
  DOCKER_BUILDKIT=0 docker build -q --label honne.app=1 --build-arg NODE_IMAGE=honne/node:local --build-arg SERVICE="$service" \
    -f infra/Dockerfile.service -t "honne/$service:local" . >"$RUN_DIR/build-$service.log" 2>&1 ||
    { tail -n 30 "$RUN_DIR/build-$service.log" >&2; die "building honne/$service:local failed"; }
done
DOCKER_BUILDKIT=0 docker build -q --label honne.app=1 --build-arg NODE_IMAGE=honne/node:local \
  -f infra/Dockerfile.gateway -t honne/gateway:local . >"$RUN_DIR/build-gateway.log" 2>&1 ||
  { tail -n 30 "$RUN_DIR/build-gateway.log" >&2; die "building honne/gateway:local failed"; }
# The images these builds replaced (untagged now).
docker image prune -f --filter label=honne.app=1 >/dev/null 2>&1 || true
say "images ready in $((SECONDS - started))s"

# ---------------------------------------------------------------------------------------------
PORT=$(free_port 38080)
cat >"$ENV_FILE" <<EOF
PUBLISH_IP=127.0.0.1
PORT=$PORT
LIVEKIT_HTTP_PORT=$(free_port 37880)
LIVEKIT_TCP_PORT=$(free_port 37881)
LIVEKIT_UDP_PORT=$(free_port 37882)
TURN_PORT=$(free_port 33478)
MAILPIT_PORT=$(free_port 38025)
POSTGRES_PASSWORD=$(random_hex 12)
JWT_SECRET=$(random_hex 32)
INTERNAL_TOKEN=$(random_hex 24)
LIVEKIT_API_KEY=smoke-$(random_hex 4)
LIVEKIT_API_SECRET=$(random_hex 24)
TURN_USERNAME=smoke
TURN_CREDENTIAL=$(random_hex 12)
LOG_LEVEL=info
EOF
down # a stack left by a killed run

# GET /api/v1/health through the proxy answers 200 (bash only: curl may be missing).
healthy() {
  (
    exec 3<>"/dev/tcp/127.0.0.1/$PORT" || exit 1
    printf 'GET /api/v1/health HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
    timeout 2 head -n 1 <&3 | grep -q ' 200 '
  ) 2>/dev/null
}

# The journey through the proxy; $1 gateway instances (2: sockets on different ones, and a chat
# instance gets SIGTERM mid-stream, which compose restarts).
journey() {
  local term="" chats
  if [[ $1 != 1 ]]; then
    chats=$("${COMPOSE[@]}" ps -q chat)
    term="docker kill -s TERM ${chats%%$'\n'*}"
  fi
  SMOKE_URL="http://127.0.0.1:$PORT" SMOKE_GATEWAYS=$1 SMOKE_TERM_CMD="$term" \
    SMOKE_MAIL_CMD="${COMPOSE[*]} logs --no-color mailpit" \
    npx tsx faults/compose/journey.ts
}

# Every container of the stack that has a health check reports healthy.
all_healthy() {
  local id status
  for id in $("${COMPOSE[@]}" ps -q); do
    status=$(docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}' "$id")
    [[ $status == healthy || $status == none ]] || return 1
  done
}

wait_healthy() {
  local deadline=$((SECONDS + 300))
  until healthy && all_healthy; do
    ((SECONDS < deadline)) || die "the stack was not healthy on 127.0.0.1:$PORT within 300 s"
    sleep 1
  done
}

say "single: up"
started=$SECONDS
# up waits for each dependency's health check (migrations first, then services, gateways, proxy).
"${COMPOSE[@]}" up -d --no-build >"$RUN_DIR/up.log" 2>&1 || { cat "$RUN_DIR/up.log" >&2; die "compose up failed"; }
wait_healthy
say "single: stack healthy in $((SECONDS - started))s ($("${COMPOSE[@]}" ps -q | wc -l) containers)"
# JSON lines on stdout: one of the gateway's, as an operator's log shipper sees it.
"${COMPOSE[@]}" logs --no-color gateway >"$RUN_DIR/gateway.log"
grep -m1 -o '{"level".*' "$RUN_DIR/gateway.log" || die "the gateway logs no JSON lines"
journey 1

if [[ $MODE == all ]]; then
  # Scaled in place: the new instances join the running stack (the proxy re-resolves `gateway`).
  say "scaled: up --scale chat=2 --scale gateway=2"
  started=$SECONDS
  "${COMPOSE[@]}" up -d --no-build --scale chat=2 --scale gateway=2 >"$RUN_DIR/up.log" 2>&1 ||
    { cat "$RUN_DIR/up.log" >&2; die "compose up --scale failed"; }
  wait_healthy
  say "scaled: healthy in $((SECONDS - started))s ($("${COMPOSE[@]}" ps -q | wc -l) containers)"
  journey 2
fi

started=$SECONDS
down
say "down -v in $((SECONDS - started))s"
say "compose smoke passed ($MODE)"
