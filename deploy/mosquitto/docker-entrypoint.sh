#!/usr/bin/env bash
# The Mosquitto container's entrypoint (deploy/mosquitto/Dockerfile, deploy/compose.yaml): the broker of
# deploy/mosquitto/mosquitto.conf, as scripts/start-mosquitto.sh starts it on a developer's machine, with
# two listeners: 1883 without TLS for the console processes on the compose network only, and 8883 with
# TLS for devices (certificates from a mounted folder). The first start creates the dynamic security
# file with the admin; every start gives the console its client, role and password (idempotent).
#
# Environment:
#   MOSQUITTO_ADMIN_PASSWORD    the admin's password (mosquitto_ctrl), used when the data dir is new
#   MOSQUITTO_CONSOLE_PASSWORD  the console's password (the password in the consoles' MQTT_URL)
#   MOSQUITTO_DATA              data dir (default /mosquitto/data): persistence, the device accounts
#                               journal, dynamic-security.json
#   MOSQUITTO_CERTS             folder with fullchain.pem and privkey.pem (default /mosquitto/certs);
#                               without them the 8883 listener is left out, with a warning
#   MOSQUITTO_PORT / MOSQUITTO_TLS_PORT  1883 / 8883
set -euo pipefail

data=${MOSQUITTO_DATA:-/mosquitto/data}
certs=${MOSQUITTO_CERTS:-/mosquitto/certs}
template=${MOSQUITTO_CONFIG_TEMPLATE:-/etc/edgecaster/mosquitto.conf}
accounts_plugin=${MOSQUITTO_ACCOUNTS_PLUGIN:-/usr/lib/mosquitto/edgecaster_device_accounts.so}
port=${MOSQUITTO_PORT:-1883}
tls_port=${MOSQUITTO_TLS_PORT:-8883}
run_user=${MOSQUITTO_USER:-mosquitto}

: "${MOSQUITTO_CONSOLE_PASSWORD:?set MOSQUITTO_CONSOLE_PASSWORD, the password in the MQTT_URL of the consoles}"

# As root (the image's default): own the data dir, copy the key where only the broker's user reads it
# (whatever the mounted files' owner), then run the rest as that user.
if [[ $(id -u) == 0 ]]; then
  mkdir -p "$data" /run/edgecaster-certs
  chown -R "$run_user:$run_user" "$data"
  if [[ -f $certs/fullchain.pem && -f $certs/privkey.pem ]]; then
    install -o "$run_user" -g "$run_user" -m 600 "$certs/fullchain.pem" "$certs/privkey.pem" /run/edgecaster-certs/
  fi
  export MOSQUITTO_CERTS=/run/edgecaster-certs
  exec setpriv --reuid="$run_user" --regid="$run_user" --init-groups "$0" "$@"
fi

# The dynamic security file holds password hashes: nothing here is for other users.
umask 077
dynsec_plugin=$(ls /usr/lib/*/mosquitto_dynamic_security.so /usr/lib/mosquitto_dynamic_security.so \
  /usr/local/lib/mosquitto_dynamic_security.so 2>/dev/null | head -n 1 || true)
[[ -n $dynsec_plugin ]] || { echo "mosquitto_dynamic_security.so not found" >&2; exit 1; }
dynsec="$data/dynamic-security.json"
mkdir -p "$data"

if [[ ! -f $dynsec ]]; then
  : "${MOSQUITTO_ADMIN_PASSWORD:?set MOSQUITTO_ADMIN_PASSWORD for the first start}"
  mosquitto_ctrl dynsec init "$dynsec" admin "$MOSQUITTO_ADMIN_PASSWORD" >/dev/null
fi

# The production configuration with this container's listeners and paths (the lines marked
# [set by start-mosquitto.sh] in the template), then the TLS listener for devices.
config="$data/mosquitto.conf"
sed -e "s|^listener .*|listener $port|" \
  -e "s|^plugin .*edgecaster_device_accounts.so$|plugin $accounts_plugin|" \
  -e "s|^plugin_opt_accounts_file .*|plugin_opt_accounts_file $data/device-accounts|" \
  -e "s|^plugin .*mosquitto_dynamic_security.so$|plugin $dynsec_plugin|" \
  -e "s|^plugin_opt_config_file .*|plugin_opt_config_file $dynsec|" \
  -e "s|^persistence_location .*|persistence_location $data/|" \
  "$template" >"$config"
if [[ -f $MOSQUITTO_CERTS/fullchain.pem && -f $MOSQUITTO_CERTS/privkey.pem ]]; then
  printf '\n# Devices on the internet: TLS (mqtts:// in MQTT_PUBLIC_URL).\nlistener %s\ncertfile %s\nkeyfile %s\n' \
    "$tls_port" "$MOSQUITTO_CERTS/fullchain.pem" "$MOSQUITTO_CERTS/privkey.pem" >>"$config"
else
  echo "warning: no $certs/fullchain.pem and privkey.pem: no TLS listener on $tls_port" >&2
fi
printf 'log_dest stderr\nlog_timestamp_format %%Y-%%m-%%dT%%H:%%M:%%S\n' >>"$config"

mosquitto -c "$config" &
broker=$!
trap 'kill -TERM "$broker" 2>/dev/null' TERM INT

for _ in $(seq 100); do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  kill -0 "$broker" 2>/dev/null || { wait "$broker"; exit 1; }
  sleep 0.1
done

# The console's client and role (console-account.sh, as scripts/start-mosquitto.sh gives them).
if [[ -n ${MOSQUITTO_ADMIN_PASSWORD:-} ]]; then
  ADMIN_PASSWORD=$MOSQUITTO_ADMIN_PASSWORD CONSOLE_PASSWORD=$MOSQUITTO_CONSOLE_PASSWORD \
    "${MOSQUITTO_CONSOLE_ACCOUNT:-/usr/local/bin/edgecaster-console-account}" 127.0.0.1 "$port"
else
  echo "warning: MOSQUITTO_ADMIN_PASSWORD is not set: the console's account was not checked" >&2
fi

# Until the broker stops: a TERM from docker stop is passed on (wait returns early on a trapped signal,
# so it waits again), and the broker's own exit status is the container's.
while kill -0 "$broker" 2>/dev/null; do
  wait "$broker" || true
done
wait "$broker"
