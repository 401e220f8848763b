#!/usr/bin/env bash
# The container engine on a machine without systemd: Debian's docker.io, started by hand.
#
#   infra/images/engine.sh start   # installs docker.io if missing, starts dockerd unless one answers
#   infra/images/engine.sh stop    # stops the dockerd this script started (never someone else's)
#   infra/images/engine.sh status  # exit 0 when an engine answers
#
# `start` fails loudly (exit 1, with the end of dockerd's log) when the engine does not answer
# within 60 s. Runs as root; .ci/run calls it. State: /run/honne-dockerd.{pid,log}.
set -euo pipefail

PID_FILE=/run/honne-dockerd.pid
LOG_FILE=/run/honne-dockerd.log

say() { printf '[engine] %s\n' "$*"; }
die() {
  printf '[engine] %s\n' "$*" >&2
  exit 1
}

answers() { docker info >/dev/null 2>&1; }

start() {
  if ! command -v dockerd >/dev/null || ! command -v docker >/dev/null; then
    [[ $(id -u) -eq 0 ]] || die "installing docker.io needs root"
    say "installing Debian's docker.io"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends docker.io iptables >/dev/null
  fi
  if answers; then
    say "an engine already answers: $(docker version -f 'docker {{.Server.Version}}' 2>/dev/null)"
    return
  fi
  [[ $(id -u) -eq 0 ]] || die "starting dockerd needs root"
  say "starting dockerd (log in $LOG_FILE)"
  # containerd comes with docker.io; dockerd starts its own when none runs.
  nohup dockerd >"$LOG_FILE" 2>&1 &
  echo $! >"$PID_FILE"
  local deadline=$((SECONDS + 60))
  until answers; do
    if ! kill -0 "$(cat "$PID_FILE")" 2>/dev/null || ((SECONDS >= deadline)); then
      tail -n 30 "$LOG_FILE" >&2 || true
      die "dockerd did not answer within 60 s (log above, in full at $LOG_FILE)"
    fi
    sleep 0.5
  done
  say "dockerd answers: $(docker version -f 'docker {{.Server.Version}}')"
}

stop() {
  [[ -f "$PID_FILE" ]] || return 0
  local pid
  pid=$(cat "$PID_FILE")
  if kill -0 "$pid" 2>/dev/null; then
    say "stopping dockerd ($pid)"
    kill "$pid"
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$PID_FILE"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) answers ;;
  *) die "usage: $0 start|stop|status" ;;
esac
