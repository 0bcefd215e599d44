#!/usr/bin/env bash
# Once, after `docker compose -f deploy/compose.yaml -f deploy/emqx/compose.yaml up -d` (deploy/emqx/README.md);
# safe to run again:
#   1. the console's account (ec-console) in EMQX's built-in database, through the dashboard's REST API;
#   2. when the first console has created the devices table, a PostgreSQL role `emqx` that may read
#      only devices.device_guid and devices.mqtt_secret_hash (EMQX's device logins).
# Reads deploy/.env: EMQX_DASHBOARD_PASSWORD, EMQX_CONSOLE_PASSWORD, EMQX_PG_PASSWORD.
set -euo pipefail
deploy=$(cd "$(dirname "$0")/.." && pwd)
set -a
# shellcheck source=/dev/null
source "$deploy/.env"
set +a
compose=(docker compose -f "$deploy/compose.yaml" -f "$deploy/emqx/compose.yaml" --env-file "$deploy/.env")
api=http://127.0.0.1:18083/api/v5

token=$(curl -fsS -X POST "$api/login" -H 'Content-Type: application/json' \
  -d "{\"username\":\"admin\",\"password\":\"$EMQX_DASHBOARD_PASSWORD\"}" | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')
[[ -n $token ]] || { echo "cannot sign in to the EMQX dashboard API at $api" >&2; exit 1; }
users="$api/authentication/password_based%3Abuilt_in_database/users"
code=$(curl -sS -o /dev/null -w '%{http_code}' -X POST "$users" -H "Authorization: Bearer $token" \
  -H 'Content-Type: application/json' \
  -d "{\"user_id\":\"ec-console\",\"password\":\"$EMQX_CONSOLE_PASSWORD\",\"is_superuser\":false}")
if [[ $code == 409 ]]; then
  curl -fsS -o /dev/null -X PUT "$users/ec-console" -H "Authorization: Bearer $token" \
    -H 'Content-Type: application/json' -d "{\"password\":\"$EMQX_CONSOLE_PASSWORD\",\"is_superuser\":false}"
elif [[ $code != 201 ]]; then
  echo "creating the console's EMQX account answered $code" >&2
  exit 1
fi
echo "EMQX: the console's account ec-console is set"

psql() { "${compose[@]}" exec -T postgres psql -U edgecaster -d edgecaster -v ON_ERROR_STOP=1 -qAt "$@"; }
for _ in $(seq 120); do
  [[ $(psql -c "select to_regclass('public.devices') is not null") == t ]] && break
  sleep 2
done
psql -v pw="$EMQX_PG_PASSWORD" <<'SQL'
select format('create role emqx login password %L', :'pw') where not exists (select from pg_roles where rolname = 'emqx') \gexec
select format('alter role emqx password %L', :'pw') \gexec
grant connect on database edgecaster to emqx;
grant usage on schema public to emqx;
grant select (device_guid, mqtt_secret_hash) on devices to emqx;
SQL
echo "PostgreSQL: the role emqx may read the devices' guids and secret digests"
