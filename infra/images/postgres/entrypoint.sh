#!/bin/bash
# First start: a cluster whose superuser is $POSTGRES_USER (password $POSTGRES_PASSWORD, required),
# with database $POSTGRES_DB, reachable over the network with a password only.
set -euo pipefail
if [[ ! -s "$PGDATA/PG_VERSION" ]]; then
  : "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}"
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pwfile" -A scram-sha-256 -E UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  if [[ "$POSTGRES_DB" != postgres ]]; then
    echo "CREATE DATABASE \"$POSTGRES_DB\"" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
  # As the public image: scripts in /docker-entrypoint-initdb.d run once, against a server that
  # listens on its socket only, as the superuser.
  if compgen -G '/docker-entrypoint-initdb.d/*.sh' >/dev/null; then
    pg_ctl -D "$PGDATA" -w -s -o "-c listen_addresses='' -k /run/postgresql" start
    for script in /docker-entrypoint-initdb.d/*.sh; do
      PGHOST=/run/postgresql PGPASSWORD="$POSTGRES_PASSWORD" bash "$script"
    done
    pg_ctl -D "$PGDATA" -w -s -m fast stop
  fi
  echo "postgres-entrypoint: initialised $PGDATA (user $POSTGRES_USER, database $POSTGRES_DB)"
fi
if [[ "${1:-}" == postgres ]]; then shift; exec postgres -D "$PGDATA" "$@"; fi
exec "$@"
