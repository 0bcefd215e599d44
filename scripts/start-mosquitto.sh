#!/usr/bin/env bash
# Starts a Mosquitto configured as deploy/mosquitto/mosquitto.conf (no anonymous clients, the device
# accounts plugin for devices, the dynamic security plugin for the console and the admin, 1 MiB
# packets) on 127.0.0.1:<port>, keeping everything in <data-dir>, and prints the MQTT_URL for the
# console server as its last line. Start the server with
#   MQTT_DEVICE_AUTH=plugin MQTT_URL=<that line>
# so that provisioning creates each device's broker account. The device accounts plugin
# (deploy/mosquitto/device-accounts) is compiled into <data-dir> when missing or older than its source.
#
# Usage: scripts/start-mosquitto.sh <port> <data-dir>
#   MOSQUITTO_BIND   address to listen on (default 127.0.0.1; 0.0.0.0 for devices on the network)
#
# The first run creates <data-dir>/dynamic-security.json with an admin client (for mosquitto_ctrl) and
# the console's client, each with a generated password kept in <data-dir>/credentials (mode 600). Later
# runs reuse them; a broker still running from the same data dir is stopped first. The broker runs in
# the background; stop it with: kill "$(cat <data-dir>/mosquitto.pid)". Never touches the system's
# Mosquitto (port 1883, /etc/mosquitto).
set -euo pipefail

if [[ $# -ne 2 || ! $1 =~ ^[0-9]+$ ]]; then
  echo "usage: $0 <port> <data-dir>" >&2
  exit 2
fi
port=$1
mkdir -p "$2"
data=$(cd "$2" && pwd)
bind=${MOSQUITTO_BIND:-127.0.0.1}
root=$(cd "$(dirname "$0")/.." && pwd)

for tool in mosquitto mosquitto_ctrl mosquitto_sub gcc; do
  command -v "$tool" >/dev/null || { echo "$tool is not installed (apt-get install mosquitto mosquitto-clients gcc)" >&2; exit 1; }
done

accounts_source="$root/deploy/mosquitto/device-accounts/edgecaster_device_accounts.c"
accounts_plugin="$data/edgecaster_device_accounts.so"
if [[ ! -f $accounts_plugin || $accounts_source -nt $accounts_plugin ]]; then
  gcc -O2 -Wall -fPIC -shared -o "$accounts_plugin" "$accounts_source" -lcrypto || {
    echo "building the device accounts plugin failed (apt-get install mosquitto-dev libmosquitto-dev libssl-dev uthash-dev)" >&2
    exit 1
  }
fi
plugin=$(ls /usr/lib/*/mosquitto_dynamic_security.so /usr/lib/mosquitto_dynamic_security.so \
  /usr/local/lib/mosquitto_dynamic_security.so 2>/dev/null | head -n 1 || true)
[[ -n $plugin ]] || { echo "mosquitto_dynamic_security.so not found (Mosquitto 2 ships it)" >&2; exit 1; }

dynsec="$data/dynamic-security.json"
credentials="$data/credentials"
new_password() { head -c 24 /dev/urandom | base64 | tr -d '/+=\n'; }

if [[ ! -f $dynsec ]]; then
  (umask 077 && printf 'ADMIN_PASSWORD=%s\nCONSOLE_PASSWORD=%s\n' "$(new_password)" "$(new_password)" >"$credentials")
  # shellcheck source=/dev/null
  source "$credentials"
  mosquitto_ctrl dynsec init "$dynsec" admin "$ADMIN_PASSWORD" >/dev/null
fi
# shellcheck source=/dev/null
source "$credentials"

pid_file="$data/mosquitto.pid"
if [[ -f $pid_file ]]; then
  old=$(cat "$pid_file")
  if [[ -n $old && $(cat "/proc/$old/comm" 2>/dev/null) == mosquitto ]]; then
    kill "$old"
    for _ in $(seq 50); do [[ -d /proc/$old ]] || break; sleep 0.1; done
  fi
  rm -f "$pid_file"
fi

# The production configuration with this broker's port and paths. Running as root, Mosquitto would
# switch to the mosquitto user, which may not write here: it runs as whoever runs this script.
sed -e "s|^listener .*|listener $port $bind|" \
  -e "s|^plugin .*edgecaster_device_accounts.so$|plugin $accounts_plugin|" \
  -e "s|^plugin_opt_accounts_file .*|plugin_opt_accounts_file $data/device-accounts|" \
  -e "s|^plugin .*mosquitto_dynamic_security.so$|plugin $plugin|" \
  -e "s|^plugin_opt_config_file .*|plugin_opt_config_file $dynsec|" \
  -e "s|^persistence_location .*|persistence_location $data/|" \
  "$root/deploy/mosquitto/mosquitto.conf" >"$data/mosquitto.conf"
printf 'pid_file %s\nlog_dest file %s\nuser %s\n' "$pid_file" "$data/mosquitto.log" "$(id -un)" \
  >>"$data/mosquitto.conf"

mosquitto -c "$data/mosquitto.conf" -d
host=$bind
[[ $host == 0.0.0.0 ]] && host=127.0.0.1
for _ in $(seq 100); do
  (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null && break
  sleep 0.1
done
if ! (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null; then
  echo "Mosquitto did not start on $host:$port; its log:" >&2
  tail -n 20 "$data/mosquitto.log" >&2 || true
  exit 1
fi

# The console's client and role, every time (each command is a no-op when already done): it may use
# every topic under ec/, read device traffic through shared subscriptions, and manage accounts.
ADMIN_PASSWORD=$ADMIN_PASSWORD CONSOLE_PASSWORD=$CONSOLE_PASSWORD "$root/deploy/mosquitto/console-account.sh" "$host" "$port"

# A refused subscription still exits 0: look for the broker's word.
if ! check=$(mosquitto_sub -h "$host" -p "$port" -u ec-console -P "$CONSOLE_PASSWORD" -i "ec-check-$$" \
  -t 'ec/console/check' -t '$share/ec-check/ec/devices/+/state' \
  -t '$CONTROL/edgecaster-device-accounts/v1/response' \
  -E 2>&1) || [[ $check == *denied* ]]; then
  echo "the console's client cannot log in and subscribe on $host:$port; see $data/mosquitto.log" >&2
  exit 1
fi

echo "Mosquitto $(mosquitto -h 2>/dev/null | sed -n 's/^mosquitto version //p') on $host:$port (pid $(cat "$pid_file")), data in $data"
echo "Start the console server with MQTT_DEVICE_AUTH=plugin and:"
echo "mqtt://ec-console:$CONSOLE_PASSWORD@$host:$port"
