#!/bin/bash
# A database and a role per service (issue 30, docs/adr/0033): each service logs in as itself to
# honne_<service> and cannot open another's. Runs once, when the cluster is first made, in both
# the public postgres image and honne/postgres (both run /docker-entrypoint-initdb.d/*.sh with the
# server up and POSTGRES_USER as superuser). <SERVICE>_DB_PASSWORD names each role's password;
# a service whose password is unset gets no database (it then uses DATABASE_URL's, a schema beside
# the others'). <SERVICE>_DB_PASSWORD_FILE names a file holding it instead (a Docker secret:
# infra/swarm/).
set -euo pipefail
for service in ${HONNE_SERVICE_DATABASES:-accounts topics chat calls points safety}; do
  var="${service^^}_DB_PASSWORD"
  password="${!var:-}"
  file_var="${var}_FILE"
  if [[ -n "${!file_var:-}" ]]; then
    [[ -z "$password" ]] || { echo "service-databases: set $var or $file_var, not both" >&2; exit 1; }
    password=$(<"${!file_var}")
  fi
  if [[ -z "$password" ]]; then
    echo "service-databases: $var unset: $service gets no database of its own"
    continue
  fi
  psql -X -q -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "${POSTGRES_DB:-postgres}" \
    -v role="$service" -v db="honne_$service" -v pw="$password" <<'SQL'
CREATE ROLE :"role" LOGIN PASSWORD :'pw';
CREATE DATABASE :"db" OWNER :"role";
REVOKE ALL ON DATABASE :"db" FROM PUBLIC;
SQL
  echo "service-databases: honne_$service owned by role $service"
done
