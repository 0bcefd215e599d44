import { randomBytes } from 'node:crypto';
import { deviceTopics } from '@ec/contract/device-link';
import type { FastifyBaseLogger } from 'fastify';
import type { MqttClient } from 'mqtt';
import type { Config } from '../config/env.ts';
import { DeviceLinkUnavailableError } from '../shared/device-errors.ts';
import { PUBLISH_TIME_LIMIT_MS } from './device-link.ts';
import { connectMqtt } from './mqtt-client.ts';

/**
 * A device's broker account: its guid (the username and client id) and the SHA-256 digest of its
 * password, as the console stores it (`mqttSecretHash`); the password itself is never sent.
 */
export interface DeviceAccount {
  deviceGuid: string;
  secretHash: string;
}

/**
 * The external broker's device accounts: one login per device and one set of topic rules for all,
 * the same rules the embedded broker enforces (embedded-broker.ts). Called by the services that create
 * devices and at start-up.
 */
export interface BrokerAccounts {
  /** True when this server keeps the broker's device accounts (MQTT_DEVICE_AUTH=plugin). */
  readonly managed: boolean;
  /**
   * Creates each device's account, or resets an existing one to it. Fails with
   * BrokerAccountsUnavailableError, having removed the accounts of a request the broker never answered.
   */
  create(accounts: readonly DeviceAccount[]): Promise<void>;
  /** Deletes the devices' accounts; an account already gone is fine. */
  remove(deviceGuids: readonly string[]): Promise<void>;
  /**
   * Start-up: gives the broker this version's topic rules, and their accounts back to the devices
   * (among `accounts`) that have none there (a broker whose accounts file was lost or replaced).
   * Answers how many were given back.
   */
  sync(accounts: readonly DeviceAccount[]): Promise<number>;
  close(): Promise<void>;
}

/** The broker did not take an account change (not connected, no answer in time, or refused it). */
export class BrokerAccountsUnavailableError extends DeviceLinkUnavailableError {}

/** For the embedded broker (which reads devices' secrets from the database) and MQTT_DEVICE_AUTH=none. */
export const unmanagedBrokerAccounts: BrokerAccounts = {
  managed: false,
  async create() {},
  async remove() {},
  async sync() {
    return 0;
  },
  async close() {},
};

/**
 * A device's topic rules: publish to its device → cloud topics, subscribe to its cloud → device topics,
 * nothing else. They mirror DEVICE_PUBLISH_SUFFIXES and DEVICE_SUBSCRIBE_SUFFIXES (broker-accounts.test.ts
 * holds them together). With `%u` for the guid they are the broker plugin's rules for every device.
 */
export function deviceTopicRules(deviceGuid: string) {
  const topics = deviceTopics(deviceGuid);
  return {
    publish: [
      topics.connection,
      topics.state,
      topics.reported('+'),
      topics.shadowResult,
      topics.deviceCommandResult,
      topics.metrics,
      topics.events,
      topics.inputPreview,
      topics.dockerLogs,
    ],
    subscribe: [topics.shadowCommand, topics.deviceCommand, topics.entitlements],
  };
}

/** Device guids are UUIDs; anything else could smuggle MQTT wildcards into a rule. */
const DEVICE_GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECRET_HASH = /^[0-9a-f]{64}$/;
/** deploy/mosquitto/device-accounts/edgecaster_device_accounts.c */
const CONTROL_TOPIC = '$CONTROL/edgecaster-device-accounts/v1';
const RESPONSE_TOPIC = `${CONTROL_TOPIC}/response`;
/** Accounts per control message: lines of about 110 bytes, about half of the 1 MiB packet limit. */
const ACCOUNTS_PER_REQUEST = 5000;
/** Accounts listed per page at start-up (the plugin answers at most 10,000). */
const PAGE = 10_000;

const chunks = <T>(items: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Device accounts on Edgecaster's Mosquitto plugin (deploy/mosquitto/device-accounts), changed with
 * text commands on `$CONTROL/edgecaster-device-accounts/v1` from a client of their own (credentials of
 * MQTT_URL; its role must allow that topic and its response topic, as scripts/start-mosquitto.sh sets
 * up). A change costs the broker one line of its journal whatever the number of devices (decision 225).
 * Every change is idempotent, so any number of server processes may make it at once.
 */
export async function startPluginAccounts(deps: {
  url: string;
  log: FastifyBaseLogger;
}): Promise<BrokerAccounts> {
  const { log } = deps;
  const client: MqttClient = await connectMqtt(deps.url, {
    clientId: `ec-console-accounts-${randomBytes(6).toString('hex')}`,
    clean: true,
  });
  const pending = new Map<string, (outcome: string, lines: string[]) => void>();
  client.on('message', (topic, payload) => {
    if (topic !== RESPONSE_TOPIC) return;
    const [head = '', ...lines] = payload.toString('utf8').split('\n');
    const space = head.indexOf(' ');
    pending.get(head.slice(0, space))?.(head.slice(space + 1), lines);
  });
  const [grant] = await client.subscribeAsync(RESPONSE_TOPIC, { qos: 1 });
  if (!grant || grant.qos === 128) {
    await client.endAsync();
    throw new Error(
      `MQTT_DEVICE_AUTH=plugin: the server's broker client may not read ${RESPONSE_TOPIC}; give it the role scripts/start-mosquitto.sh creates`,
    );
  }

  /** Sends one request (its lines after the correlation id) and answers the plugin's lines. */
  const request = async (lines: readonly string[]): Promise<string[]> => {
    if (!client.connected) throw new BrokerAccountsUnavailableError('not connected to the broker');
    const id = randomBytes(12).toString('hex');
    let timer: NodeJS.Timeout | undefined;
    try {
      return await new Promise<string[]>((resolve, reject) => {
        pending.set(id, (outcome, answer) => {
          if (outcome === 'ok') resolve(answer);
          else reject(new BrokerAccountsUnavailableError(`the broker refused account changes (${outcome})`));
        });
        timer = setTimeout(
          () =>
            reject(new BrokerAccountsUnavailableError('the device accounts plugin did not answer in time')),
          PUBLISH_TIME_LIMIT_MS,
        );
        client.publish(CONTROL_TOPIC, [id, ...lines].join('\n'), { qos: 1 }, (error) => {
          if (error) reject(new BrokerAccountsUnavailableError(error.message));
        });
      });
    } finally {
      clearTimeout(timer);
      pending.delete(id);
    }
  };

  // Whether the plugin answers at all: a broker without it (or a client without the right to use it)
  // fails start-up here, with this message, rather than every provisioning later.
  await request(['list 0 1']).catch(async (error: Error) => {
    await client.endAsync();
    throw new Error(
      `MQTT_DEVICE_AUTH=plugin: no answer on ${CONTROL_TOPIC} (${error.message}); is Edgecaster's device accounts plugin loaded (deploy/mosquitto/mosquitto.conf), and may the server's client publish there?`,
    );
  });

  const remove = async (deviceGuids: readonly string[]) => {
    for (const part of chunks(deviceGuids, ACCOUNTS_PER_REQUEST))
      await request(part.map((deviceGuid) => `del ${deviceGuid}`));
  };
  const create = async (accounts: readonly DeviceAccount[]) => {
    const invalid = accounts.find(
      (account) => !DEVICE_GUID.test(account.deviceGuid) || !SECRET_HASH.test(account.secretHash),
    );
    if (invalid) throw new Error(`not a device account: ${invalid.deviceGuid}`);
    for (const part of chunks(accounts, ACCOUNTS_PER_REQUEST)) {
      try {
        await request(part.map((account) => `set ${account.deviceGuid} ${account.secretHash}`));
      } catch (error) {
        // The plugin applies a request whole or not at all; one it never answered may have been applied:
        // a provisioning that fails must leave no account its caller will not keep.
        await remove(accounts.map((account) => account.deviceGuid)).catch((undoError: Error) =>
          log.warn({ err: undoError }, 'broker accounts: undoing a failed creation failed'),
        );
        throw error;
      }
    }
  };
  let closed = false;
  return {
    managed: true,
    create,
    remove,
    async sync(accounts) {
      const rules = deviceTopicRules('%u');
      await request([
        'rules',
        ...rules.publish.map((topic) => `pub ${topic}`),
        ...rules.subscribe.map((topic) => `sub ${topic}`),
      ]);
      const known = new Set<string>();
      for (let offset = 0; ; offset += PAGE) {
        const page = (await request([`list ${offset} ${PAGE}`])).filter(Boolean);
        for (const deviceGuid of page) known.add(deviceGuid);
        if (page.length < PAGE) break;
      }
      const missing = accounts.filter((account) => !known.has(account.deviceGuid));
      if (missing.length) await create(missing);
      return missing.length;
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.endAsync();
    },
  };
}

/** The broker accounts this configuration asks for. */
export function startBrokerAccounts(deps: {
  config: Config;
  log: FastifyBaseLogger;
}): Promise<BrokerAccounts> {
  const { config } = deps;
  if (config.MQTT_URL && config.MQTT_DEVICE_AUTH === 'plugin')
    return startPluginAccounts({ url: config.MQTT_URL, log: deps.log });
  return Promise.resolve(unmanagedBrokerAccounts);
}
