#!/usr/bin/env bash
# Gives the console's client on a running Mosquitto its role, password and client (dynamic security),
# for scripts/start-mosquitto.sh and the container's entrypoint (docker-entrypoint.sh). Every command is
# a no-op when done already, so it runs at every start; the password is set each time, so the caller's
# stays the truth. The role: every topic under ec/, device traffic through shared subscriptions (Mosquitto
# checks a shared subscription's full filter), the device accounts plugin's control topic and its answers
# (the dynamic security plugin's default "receive" does not cover $CONTROL answers).
#
# Usage: ADMIN_PASSWORD=... CONSOLE_PASSWORD=... console-account.sh <host> <port>
# mosquitto_ctrl takes passwords as arguments: visible to this machine's users for an instant.
set -euo pipefail
host=$1
port=$2
: "${ADMIN_PASSWORD:?}" "${CONSOLE_PASSWORD:?}"

ctrl() { mosquitto_ctrl -h "$host" -p "$port" -u admin -P "$ADMIN_PASSWORD" dynsec "$@" >/dev/null 2>&1 || true; }
ctrl createRole ec-console
ctrl addRoleACL ec-console publishClientSend 'ec/#' allow
ctrl addRoleACL ec-console subscribePattern 'ec/#' allow
ctrl addRoleACL ec-console subscribePattern '$share/+/ec/#' allow
ctrl addRoleACL ec-console publishClientSend '$CONTROL/edgecaster-device-accounts/v1' allow
ctrl addRoleACL ec-console subscribePattern '$CONTROL/edgecaster-device-accounts/v1/response' allow
ctrl addRoleACL ec-console publishClientReceive '$CONTROL/edgecaster-device-accounts/v1/response' allow
ctrl createClient ec-console -p "$CONSOLE_PASSWORD"
ctrl setClientPassword ec-console "$CONSOLE_PASSWORD"
ctrl addClientRole ec-console ec-console
