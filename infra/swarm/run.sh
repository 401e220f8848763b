#!/usr/bin/env bash
# The stack on a one-node Docker Swarm, deployed and rolled (issue 30): `docker swarm init` unless
# the engine is already in a swarm, the secrets created as Docker secrets, `docker stack deploy` of
# docker-compose.yml (through compose-for-stack.mjs) with infra/compose.local.yml and
# infra/swarm/stack.yml, waits until every service's replicas run and are healthy and every schema
# migration is complete, runs the smoke journey (faults/compose/journey.ts) through the proxy's
# published port with the two people's sockets on different gateway instances, then a rolling
# update (`docker service update --force`) of chat and then of the gateway while the two talk, with
# every accepted message stored once and delivered (faults/compose/rolling.ts); then `docker stack
# rm`, its secrets and volumes, and `docker swarm leave` if this run made the swarm.
#
#   infra/swarm/run.sh
#   HONNE_APP_TAG=s9-x infra/swarm/run.sh   # the app images honne/<service>:s9-x (default local)
#
# Reuses the images the compose smoke built (infra/smoke/run.sh, same HONNE_APP_TAG); builds them
# (infra/images/build.sh, build-app.sh) only when one is missing. Needs an engine that answers
# (infra/images/engine.sh start). The proxy, LiveKit and TURN publish in host mode on free ports of
# every address (a swarm has no host IP). Prints how long it took (recorded in bench/README.md).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
RUN_DIR=$(mktemp -d /tmp/honne-swarm.XXXXXX)
# Its own stack name per run (services, secrets and volumes are named after it), so two runs on one
# engine never meet.
STACK=honne-swarm-$(basename "$RUN_DIR" | sed "s/.*\.//" | tr "[:upper:]" "[:lower:]" | tr -dc "a-z0-9")
APP_TAG=${HONNE_APP_TAG:-local}
MADE_SWARM=0

say() { printf '\n\033[1m[swarm] %s\033[0m\n' "$*"; }
die() {
  printf '\n\033[1;31m[swarm] %s\033[0m\n' "$*" >&2
  exit 1
}

docker info >/dev/null 2>&1 || die "no container engine answers (infra/images/engine.sh start)"

# listening, free_port, random_hex, vapid_keys, healthy_on
. infra/smoke/lib.sh
in_stack=(--filter "label=com.docker.stack.namespace=$STACK")

remove_stack() {
  docker stack rm "$STACK" >/dev/null 2>&1 || true
  # Volumes and secrets can go once the stack's containers are gone.
  local deadline=$((SECONDS + 60))
  while [[ -n $(docker ps -aq "${in_stack[@]}") ]] && ((SECONDS < deadline)); do sleep 1; done
  # shellcheck disable=SC2046
  docker volume rm $(docker volume ls -q "${in_stack[@]}") >/dev/null 2>&1 || true
  # shellcheck disable=SC2046
  docker secret rm $(docker secret ls -q --filter "name=${STACK}_") >/dev/null 2>&1 || true
  # The stack's overlay network is removed asynchronously; wait for it, so `swarm leave` is clean.
  while [[ -n $(docker network ls -q "${in_stack[@]}") ]] && ((SECONDS < deadline)); do sleep 1; done
}
cleanup() {
  local rc=$?
  set +e
  # HONNE_SWARM_KEEP=1: a failed run's stack stays up to be looked at (`docker stack rm` it after).
  if ((rc != 0)) && [[ ${HONNE_SWARM_KEEP:-} == 1 ]]; then
    echo "[swarm] kept: stack $STACK (docker stack rm $STACK; docker swarm leave --force)" >&2
    exit "$rc"
  fi
  if ((rc != 0)); then
    docker service ls "${in_stack[@]}" >&2
    for service in $(docker service ls -q "${in_stack[@]}"); do
      docker service ps --no-trunc --format '{{.Name}} {{.CurrentState}} {{.Error}}' "$service" 2>/dev/null | head -n 4 >&2
    done
    for service in chat gateway proxy; do docker service logs --no-trunc --tail 15 "${STACK}_$service" >&2 2>&1; done
  fi
  remove_stack
  ((MADE_SWARM)) && docker swarm leave --force >/dev/null
  rm -rf "$RUN_DIR"
  exit "$rc"
}
trap cleanup EXIT

# ---------------------------------------------------------------------------------------------
started=$SECONDS
if [[ $(docker info -f '{{.Swarm.LocalNodeState}}') != active ]]; then
  say "docker swarm init (this run leaves the swarm at the end)"
  docker swarm init --advertise-addr 127.0.0.1 >/dev/null
  MADE_SWARM=1
fi
for image in accounts topics chat calls points safety synthetic gateway; do
  if ! docker image inspect "honne/$image:$APP_TAG" >/dev/null 2>&1; then
    say "honne/$image:$APP_TAG missing: building the images"
    infra/images/build.sh
    HONNE_APP_TAG=$APP_TAG infra/images/build-app.sh "$RUN_DIR"
    break
  fi
done

# What docker-compose.yml interpolates (as the smoke's .env), exported for `docker stack deploy`;
# the services' secrets are not among them: they go to Docker secrets below.
set -a
PORT=$(free_port 48080)
LIVEKIT_HTTP_PORT=$(free_port 47880)
LIVEKIT_TCP_PORT=$(free_port $((LIVEKIT_HTTP_PORT + 1)))
LIVEKIT_UDP_PORT=$(free_port $((LIVEKIT_TCP_PORT + 1)))
TURN_PORT=$(free_port 43478)
POSTGRES_PASSWORD=$(random_hex 12)
LIVEKIT_API_KEY=swarm-$(random_hex 4)
LIVEKIT_API_SECRET=$(random_hex 24)
TURN_USERNAME=swarm
TURN_CREDENTIAL=$(random_hex 12)
SYNTHETIC_INTERVAL_MS=10000
# The journey sends hundreds of messages in one room as new accounts.
FLOOD_LIMITS=off
HONNE_APP_TAG=$APP_TAG
HONNE_SECRET_PREFIX=$STACK
VAPID_SUBJECT=mailto:smoke@honne.local
set +a
eval "$(vapid_keys)"
export VAPID_PUBLIC_KEY

# The secrets, as an operator makes them: `printf %s VALUE | docker secret create <stack>_<name> -`.
secret() { printf %s "$2" | docker secret create "${STACK}_$1" - >/dev/null; }
secret jwt_secret "$(random_hex 32)"
secret internal_token "$(random_hex 24)"
secret livekit_api_secret "$LIVEKIT_API_SECRET"
secret vapid_private_key "$VAPID_PRIVATE_KEY"
for service in accounts topics chat calls points safety; do
  password=$(random_hex 12)
  secret "${service}_db_password" "$password"
  secret "${service}_database_url" "postgresql://$service:$password@postgres:5432/honne_$service"
done

say "docker stack deploy $STACK"
node infra/swarm/compose-for-stack.mjs >"$RUN_DIR/base.yml"
docker stack deploy -c "$RUN_DIR/base.yml" -c infra/compose.local.yml -c infra/swarm/stack.yml "$STACK" \
  >"$RUN_DIR/deploy.log" 2>&1 || { cat "$RUN_DIR/deploy.log" >&2; die "docker stack deploy failed"; }

# Every service runs all its replicas (a task counts once healthy), every migration is complete,
# and no container of the stack is still starting or unhealthy.
converged() {
  local name replicas
  while read -r name replicas; do
    if [[ $name == *-migrate ]]; then
      docker service ps --format '{{.CurrentState}}' "$name" | grep -q '^Complete' || return 1
    else
      replicas=${replicas%% *}
      [[ ${replicas%%/*} == "${replicas##*/}" ]] || return 1
    fi
  done < <(docker service ls "${in_stack[@]}" --format '{{.Name}} {{.Replicas}}')
  ! docker ps "${in_stack[@]}" --format '{{.Status}}' | grep -qE 'health: starting|unhealthy'
}
deadline=$((SECONDS + 300))
until converged && healthy_on "$PORT"; do
  ((SECONDS < deadline)) || die "the stack did not converge within 300 s"
  sleep 2
done
say "deployed and healthy in $((SECONDS - started))s ($(docker ps -q "${in_stack[@]}" | wc -l) containers)"

# The journey with the sockets on the two gateway instances, then the rolling updates while two
# people talk: one task at a time, started before the old one is stopped (stack.yml), and the
# update must end `completed`, not rolled back.
cat >"$RUN_DIR/roll" <<EOF
#!/usr/bin/env bash
# \`roll SERVICE\`: its rolling update, waited for; fails unless it ends \`completed\`.
docker service update --quiet --detach=false --force "${STACK}_\$1" >"$RUN_DIR/roll-\$1.log" 2>&1 || cat "$RUN_DIR/roll-\$1.log" >&2
# The CLI returns once the new tasks run; the update is done only after the last one's monitor period.
for _ in \$(seq 180); do
  state=\$(docker service inspect -f '{{.UpdateStatus.State}}: {{.UpdateStatus.Message}}' "${STACK}_\$1")
  [[ \$state == updating:* ]] || break
  sleep 1
done
[[ \$state == completed:* ]] || { echo "the update of \$1 ended \$state" >&2; exit 1; }
EOF
chmod +x "$RUN_DIR/roll"
phase=$SECONDS
SMOKE_URL="http://127.0.0.1:$PORT" SMOKE_GATEWAYS=2 \
  SMOKE_MAIL_CMD="docker service logs --raw --no-trunc ${STACK}_mailpit" \
  SMOKE_VAPID_PUBLIC_KEY="$VAPID_PUBLIC_KEY" \
  SMOKE_ROLL_CMDS="{\"chat\": \"$RUN_DIR/roll chat\", \"gateway\": \"$RUN_DIR/roll gateway\"}" \
  npx tsx faults/compose/journey.ts
say "journey and rolling updates in $((SECONDS - phase))s"

phase=$SECONDS
remove_stack
say "stack removed in $((SECONDS - phase))s"
say "swarm stack passed in $((SECONDS - started))s"
