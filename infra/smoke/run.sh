#!/usr/bin/env bash
# The compose stack, started and tried: builds every image here (infra/images/build.sh, then the
# services and the gateway on honne/node:local), brings docker-compose.yml up with
# infra/compose.local.yml, runs the smoke journey (faults/compose/journey.ts) through the proxy's
# published port only; then scales the running stack (--scale chat=2 --scale gateway=2) and runs it
# again with the two people's sockets on different gateway instances and a chat instance sent
# SIGTERM mid-stream, and once more with the gateway instance holding a person's socket sent SIGTERM
# mid-conversation (faults/compose/gateway-term.ts); then `down -v`. accounts runs with VAPID keys
# made for the run, and the journey checks it hands out that key (push on in the stack).
#
#   infra/smoke/run.sh            # single, then scaled
#   infra/smoke/run.sh single     # single only
#   HONNE_APP_TAG=s9-x infra/smoke/run.sh   # app images tagged honne/<service>:s9-x (default local)
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
# The tag of the services' and the gateway's images: two worktrees on one engine (HONNE_APP_TAG=
# <branch>) do not run each other's builds.
APP_TAG=${HONNE_APP_TAG:-local}
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

# listening, free_port, random_hex, vapid_keys, healthy_on
. infra/smoke/lib.sh

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
HONNE_APP_TAG=$APP_TAG infra/images/build-app.sh "$RUN_DIR"
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
PROMETHEUS_PORT=$(free_port 39090)
JAEGER_PORT=$(free_port 36686)
# The synthetic user's rounds every 10 s instead of every minute: its first passing round is seen soon.
SYNTHETIC_INTERVAL_MS=10000
POSTGRES_PASSWORD=$(random_hex 12)
ACCOUNTS_DB_PASSWORD=$(random_hex 12)
TOPICS_DB_PASSWORD=$(random_hex 12)
CHAT_DB_PASSWORD=$(random_hex 12)
CALLS_DB_PASSWORD=$(random_hex 12)
POINTS_DB_PASSWORD=$(random_hex 12)
SAFETY_DB_PASSWORD=$(random_hex 12)
JWT_SECRET=$(random_hex 32)
INTERNAL_TOKEN=$(random_hex 24)
LIVEKIT_API_KEY=smoke-$(random_hex 4)
LIVEKIT_API_SECRET=$(random_hex 24)
TURN_USERNAME=smoke
TURN_CREDENTIAL=$(random_hex 12)
LOG_LEVEL=info
# The journeys send hundreds of messages a second in one room (gateway-term: 400) as new accounts.
FLOOD_LIMITS=off
HONNE_APP_TAG=$APP_TAG
$(vapid_keys)
VAPID_SUBJECT=mailto:smoke@honne.local
EOF
down # a stack left by a killed run

healthy() { healthy_on "$PORT"; }

# `term-gateway IP`: SIGTERM to this stack's gateway instance at IP (the proxy's X-Honne-Gateway).
cat >"$RUN_DIR/term-gateway" <<EOF
#!/usr/bin/env bash
for id in \$(docker ps -q --filter label=com.docker.compose.project=$PROJECT --filter label=com.docker.compose.service=gateway); do
  if docker inspect -f '{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}' "\$id" | grep -qwF "\$1"; then
    exec docker kill -s TERM "\$id" >/dev/null
  fi
done
echo "no gateway instance at \$1" >&2
exit 1
EOF
chmod +x "$RUN_DIR/term-gateway"

# The journey through the proxy; $1 gateway instances (2: sockets on different ones, and a chat
# instance gets SIGTERM mid-stream); $2 = gateway: instead, the gateway instance holding a
# person's socket gets SIGTERM mid-conversation; $2 = nats: instead, one of the three NATS servers
# is killed (SIGKILL) mid-stream.
journey() {
  local term="" term_what="a chat instance" gateway_term="" chats
  if [[ ${2:-} == gateway ]]; then
    gateway_term="$RUN_DIR/term-gateway"
  elif [[ ${2:-} == nats ]]; then
    term="docker kill -s KILL $("${COMPOSE[@]}" ps -q nats-1)"
    term_what="NATS server nats-1 (SIGKILL; nats-2 and nats-3 carry on)"
  elif [[ $1 != 1 ]]; then
    chats=$("${COMPOSE[@]}" ps -q chat)
    term="docker kill -s TERM ${chats%%$'\n'*}"
  fi
  SMOKE_URL="http://127.0.0.1:$PORT" SMOKE_GATEWAYS=$1 SMOKE_TERM_CMD="$term" SMOKE_TERM_WHAT="$term_what" \
    SMOKE_GATEWAY_TERM_CMD="$gateway_term" \
    SMOKE_MAIL_CMD="${COMPOSE[*]} logs --no-color mailpit" SMOKE_PROXY_EXEC="${COMPOSE[*]} exec -T proxy" \
    SMOKE_VAPID_PUBLIC_KEY="$(sed -n 's/^VAPID_PUBLIC_KEY=//p' "$ENV_FILE")" \
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
# Prometheus scrapes each instance: six services, one gateway, the synthetic user, itself.
node infra/smoke/prometheus-targets.mjs "http://127.0.0.1:$(sed -n 's/^PROMETHEUS_PORT=//p' "$ENV_FILE")" 9
# Jaeger holds the journey's message send as one trace; the synthetic user's rounds pass.
node infra/smoke/observe.mjs "http://127.0.0.1:$(sed -n 's/^PROMETHEUS_PORT=//p' "$ENV_FILE")" \
  "http://127.0.0.1:$(sed -n 's/^JAEGER_PORT=//p' "$ENV_FILE")"

if [[ $MODE == all ]]; then
  # Scaled in place: the new instances join the running stack (the proxy re-resolves `gateway`).
  say "scaled: up --scale chat=2 --scale gateway=2"
  started=$SECONDS
  "${COMPOSE[@]}" up -d --no-build --scale chat=2 --scale gateway=2 >"$RUN_DIR/up.log" 2>&1 ||
    { cat "$RUN_DIR/up.log" >&2; die "compose up --scale failed"; }
  wait_healthy
  say "scaled: healthy in $((SECONDS - started))s ($("${COMPOSE[@]}" ps -q | wc -l) containers)"
  journey 2
  # The chat instance sent SIGTERM stays down (the engine counts a kill as a stop, which no restart
  # policy undoes): `up` starts it again, and the gateway's turn begins on a whole, healthy stack.
  "${COMPOSE[@]}" up -d --no-build --scale chat=2 --scale gateway=2 >"$RUN_DIR/up.log" 2>&1 ||
    { cat "$RUN_DIR/up.log" >&2; die "compose up after the chat SIGTERM failed"; }
  wait_healthy
  # One of the three NATS servers killed mid-conversation (issue 30): every accepted message is
  # stored once and delivered, on the two left. `up` then brings it back into the cluster.
  say "scaled: a NATS server killed mid-conversation"
  journey 2 nats
  "${COMPOSE[@]}" up -d --no-build --scale chat=2 --scale gateway=2 >"$RUN_DIR/up.log" 2>&1 ||
    { cat "$RUN_DIR/up.log" >&2; die "compose up after the NATS kill failed"; }
  wait_healthy
  # …and the new instances too: a second chat and a second gateway.
  node infra/smoke/prometheus-targets.mjs "http://127.0.0.1:$(sed -n 's/^PROMETHEUS_PORT=//p' "$ENV_FILE")" 11
  say "scaled: SIGTERM to the gateway holding a socket mid-conversation"
  journey 2 gateway
fi

started=$SECONDS
down
say "down -v in $((SECONDS - started))s"
say "compose smoke passed ($MODE) in ${SECONDS}s"
