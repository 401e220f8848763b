#!/usr/bin/env bash
# The app's images from this checkout, on honne/node:local (infra/images/build.sh makes it): one per
# service and the gateway, tagged honne/<name>:${HONNE_APP_TAG:-local} and labelled with the tag.
# Used by the compose smoke (infra/smoke/run.sh) and by the swarm run when its images are missing
# (infra/swarm/run.sh).
#
#   HONNE_APP_TAG=s9-x infra/images/build-app.sh [LOG_DIR]
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
APP_TAG=${HONNE_APP_TAG:-local}
LOG_DIR=${1:-$(mktemp -d /tmp/honne-build-app.XXXXXX)}

die() {
  printf '\n\033[1;31m[images] %s\033[0m\n' "$*" >&2
  exit 1
}

for service in accounts topics chat calls points safety synthetic; do
  DOCKER_BUILDKIT=0 docker build -q --label "honne.app=$APP_TAG" --build-arg NODE_IMAGE=honne/node:local --build-arg SERVICE="$service" \
    -f infra/Dockerfile.service -t "honne/$service:$APP_TAG" . >"$LOG_DIR/build-$service.log" 2>&1 ||
    { tail -n 30 "$LOG_DIR/build-$service.log" >&2; die "building honne/$service:$APP_TAG failed"; }
done
DOCKER_BUILDKIT=0 docker build -q --label "honne.app=$APP_TAG" --build-arg NODE_IMAGE=honne/node:local \
  -f infra/Dockerfile.gateway -t "honne/gateway:$APP_TAG" . >"$LOG_DIR/build-gateway.log" 2>&1 ||
  { tail -n 30 "$LOG_DIR/build-gateway.log" >&2; die "building honne/gateway:$APP_TAG failed"; }
# The images these builds replaced (untagged now): only this tag's, as another worktree's build may
# have just made an image it has not tagged yet (seen: "failed to get digest").
docker image prune -f --filter "label=honne.app=$APP_TAG" >/dev/null 2>&1 || true
