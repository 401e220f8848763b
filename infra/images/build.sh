#!/usr/bin/env bash
# Builds honne's container images from Debian packages, for machines that reach no image registry:
#
#   honne/debian:local    debootstrap --variant=minbase bookworm, imported (the base of all others)
#   honne/postgres:local  PostgreSQL 15          honne/redis:local    Redis 7
#   honne/nats:local      NATS with JetStream    honne/livekit:local  livekit-server (built by .ci/run)
#   honne/coturn:local    coturn                 honne/mailsink:local SMTP sink (aiosmtpd)
#   honne/proxy:local     nginx (the compose stack's entrance)
#   honne/prometheus:local Prometheus, scraping every instance (infra/prometheus/)
#   honne/jaeger:local    Jaeger v2 (built by .ci/run): the traces' store and query API (infra/jaeger/)
#   honne/s3:local        gofakes3, S3-compatible (built by .ci/run): the suites' object storage
#   honne/node:local      this machine's node + npm: the base the services' Dockerfiles take as
#                         NODE_IMAGE here (elsewhere node:20-slim)
#
#   infra/images/build.sh                 # all of them
#   infra/images/build.sh postgres redis  # some (the base is built when needed)
#
# Cached by content: each image carries the label honne.content-hash, a hash of its build context
# (Dockerfile, files, copied binaries) and of its base's hash; an image whose hash matches is not
# rebuilt, so a second run takes seconds. HONNE_IMAGES_REBUILD=1 rebuilds all. Needs an engine that
# answers (infra/images/engine.sh start) and, for the base, root and debootstrap (installed if missing).
# LIVEKIT_BIN, GOFAKES3_BIN and JAEGER_BIN name the livekit-server, gofakes3 and jaeger binaries
# (default: .ci/run's cache).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CACHE_DIR="${HOME:-/root}/.cache/honne"
LIVEKIT_BIN="${LIVEKIT_BIN:-$CACHE_DIR/livekit-server-v1.13.5}"
GOFAKES3_BIN="${GOFAKES3_BIN:-$CACHE_DIR/gofakes3-v1.2.0}"
JAEGER_BIN="${JAEGER_BIN:-$CACHE_DIR/jaeger-v1.76.0}"
ALL=(postgres redis nats livekit s3 coturn mailsink proxy prometheus jaeger node)
# Bump to rebuild the base when its recipe below changes.
BASE_RECIPE="bookworm minbase v1"

say() { printf '[images] %s\n' "$*"; }
die() {
  printf '[images] %s\n' "$*" >&2
  exit 1
}

docker info >/dev/null 2>&1 || die "no container engine answers (start one: infra/images/engine.sh start)"

WORK=$(mktemp -d /tmp/honne-images.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

# Two builds at once (CI and a developer) build each image once: the second waits.
mkdir -p "$CACHE_DIR"
exec 8>"$CACHE_DIR/images.lock"
flock 8

label_of() { docker image inspect -f '{{index .Config.Labels "honne.content-hash"}}' "$1" 2>/dev/null || true; }

# The Debian mirror apt already uses on this machine (deb822 or one-line sources).
debian_mirror() {
  local uri
  uri=$(grep -rhsoE '^(URIs:[[:space:]]*|deb[[:space:]]+)https?://[^[:space:]]+/debian/?' \
    /etc/apt/sources.list.d/ /etc/apt/sources.list 2>/dev/null | head -n 1 | grep -oE 'https?://[^[:space:]]+' || true)
  echo "${uri:-http://deb.debian.org/debian}"
}

build_base() {
  local mirror hash
  mirror=$(debian_mirror)
  hash=$(printf '%s\n%s\n' "$BASE_RECIPE" "$mirror" | sha256sum | cut -c1-16)
  BASE_HASH=$hash
  if [[ "$(label_of honne/debian:local)" == "$hash" && "${HONNE_IMAGES_REBUILD:-}" != 1 ]]; then
    say "honne/debian:local cached ($hash)"
    return
  fi
  [[ $(id -u) -eq 0 ]] || die "debootstrap needs root"
  if ! command -v debootstrap >/dev/null; then
    say "installing debootstrap"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null ||
      { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null; }
  fi
  say "debootstrap bookworm (minbase) from $mirror (about a minute)"
  local started=$SECONDS root="$WORK/rootfs"
  debootstrap --variant=minbase bookworm "$root" "$mirror" >"$WORK/debootstrap.log" 2>&1 ||
    { tail -n 20 "$WORK/debootstrap.log" >&2; die "debootstrap failed"; }
  # The same suites the machine uses (security updates too), no recommends, no caches in layers.
  cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb ${mirror%/debian*}/debian-security bookworm-security main
EOF
  printf 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n' >"$root/etc/apt/apt.conf.d/90honne"
  rm -rf "$root/var/cache/apt/archives/"*.deb "$root/var/lib/apt/lists/"*
  tar -C "$root" -c . | docker import \
    --change "LABEL honne.content-hash=$hash" \
    --change 'ENV DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8' \
    --change 'CMD ["bash"]' - honne/debian:local >/dev/null
  rm -rf "$root"
  say "built honne/debian:local in $((SECONDS - started))s"
}

# The build context of image $1 in $WORK/$1: its directory plus the binaries it copies in.
context_of() {
  local name=$1 ctx="$WORK/$1"
  cp -r "$HERE/$name" "$ctx"
  case "$name" in
    livekit)
      [[ -x "$LIVEKIT_BIN" ]] || die "no livekit-server at $LIVEKIT_BIN (.ci/run builds it; or set LIVEKIT_BIN)"
      cp "$LIVEKIT_BIN" "$ctx/livekit-server"
      ;;
    jaeger)
      [[ -x "$JAEGER_BIN" ]] || die "no jaeger at $JAEGER_BIN (.ci/run builds it; or set JAEGER_BIN)"
      cp "$JAEGER_BIN" "$ctx/jaeger"
      ;;
    s3)
      [[ -x "$GOFAKES3_BIN" ]] || die "no gofakes3 at $GOFAKES3_BIN (.ci/run builds it; or set GOFAKES3_BIN)"
      cp "$GOFAKES3_BIN" "$ctx/gofakes3"
      ;;
    node)
      local node npm
      node=$(readlink -f "$(command -v node)")
      npm=$(dirname "$(dirname "$node")")/lib/node_modules/npm
      [[ -d "$npm" ]] || npm="$(npm root -g)/npm"
      cp "$node" "$ctx/node"
      cp -r "$npm" "$ctx/npm"
      mkdir -p "$ctx/local-ca"
      cp /usr/local/share/ca-certificates/*.crt "$ctx/local-ca/" 2>/dev/null || true
      ;;
  esac
  echo "$ctx"
}

build_image() {
  local name=$1 ctx hash started=$SECONDS
  ctx=$(context_of "$name")
  hash=$( (
    echo "$BASE_HASH"
    tar -C "$ctx" --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -c . | sha256sum
  ) | sha256sum | cut -c1-16)
  if [[ "$(label_of "honne/$name:local")" == "$hash" && "${HONNE_IMAGES_REBUILD:-}" != 1 ]]; then
    say "honne/$name:local cached ($hash)"
    return
  fi
  say "building honne/$name:local"
  DOCKER_BUILDKIT=0 docker build -q --force-rm --label "honne.content-hash=$hash" \
    --build-arg BASE=honne/debian:local -t "honne/$name:local" "$ctx" >"$WORK/$name.log" 2>&1 ||
    { tail -n 30 "$WORK/$name.log" >&2; die "building honne/$name:local failed"; }
  say "built honne/$name:local in $((SECONDS - started))s"
}

wanted=("$@")
((${#wanted[@]} > 0)) || wanted=("${ALL[@]}")
# HONNE_IMAGES_WITHOUT="a b": all but these (.ci/run leaves jaeger out while its binary is built).
for skip in ${HONNE_IMAGES_WITHOUT:-}; do
  for i in "${!wanted[@]}"; do [[ "${wanted[$i]}" != "$skip" ]] || unset 'wanted[i]'; done
done
wanted=("${wanted[@]}")
for name in "${wanted[@]}"; do
  [[ -f "$HERE/$name/Dockerfile" ]] || die "no image named $name (one of: ${ALL[*]})"
done

started=$SECONDS
build_base
for name in "${wanted[@]}"; do build_image "$name"; done
# Layers of replaced builds; not the app images (they inherit honne/node's label), which a smoke run
# may have just built and not yet tagged.
docker image prune -f --filter label=honne.content-hash --filter 'label!=honne.app' >/dev/null 2>&1 || true
say "images ready in $((SECONDS - started))s: $(printf 'honne/%s:local ' "${wanted[@]}")"
