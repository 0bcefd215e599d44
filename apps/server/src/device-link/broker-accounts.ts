import { randomBytes } from 'node:crypto';
import { deviceTopics } from '@ec/contract/device-link';
import type { FastifyBaseLogger } from 'fastify';
import type { MqttClient } from 'mqtt';
import type { Config } from '../config/env.ts';
import { DeviceLinkUnavailableError } from '../shared/device-errors.ts';
import { PUBLISH_TIME_LIMIT_MS } from './device-link.ts';
import { connectMqtt } from './mqtt-client.ts';

/** A device's link credentials, known in clear only while it is being provisioned. */
export interface DeviceCredentials {
  deviceGuid: string;
  password: string;
}

/**
 * The external broker's device accounts: one login and one set of topic rules per device, the same
 * rules the embedded broker enforces (embedded-broker.ts). Called by the services that create devices.
 */
export interface BrokerAccounts {
  /** True when this server keeps the broker's device accounts (MQTT_DEVICE_AUTH=dynsec). */
  readonly managed: boolean;
  /**
   * Creates each device's account with its password and rules, or resets an existing one to them.
   * Fails with BrokerAccountsUnavailableError, having removed the accounts it created (and those of a
   * request the broker never answered).
   */
  create(devices: readonly DeviceCredentials[]): Promise<void>;
  /** Deletes the devices' accounts; an account already gone is fine. */
  remove(deviceGuids: readonly string[]): Promise<void>;
  /**
   * Start-up: brings the rules of every device account in line with this version's topics, and
   * answers the devices (among `deviceGuids`) that have no account on the broker.
   */
  sync(deviceGuids: readonly string[]): Promise<string[]>;
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
    return [];
  },
  async close() {},
};

type AclType = 'publishClientSend' | 'subscribePattern';
export interface DynsecAcl {
  acltype: AclType;
  topic: string;
  allow: true;
}

/**
 * A device's topic rules as dynamic security ACLs: publish to its device → cloud topics, subscribe to
 * its cloud → device topics, nothing else (the defaults deny). They mirror DEVICE_PUBLISH_SUFFIXES and
 * DEVICE_SUBSCRIBE_SUFFIXES (broker-accounts.test.ts holds them together). Mosquitto 2.0's `%u` does not
 * work in dynamic security ACLs, hence a role per device.
 */
export function deviceAcls(deviceGuid: string): DynsecAcl[] {
  const topics = deviceTopics(deviceGuid);
  const acl = (acltype: AclType, topic: string): DynsecAcl => ({ acltype, topic, allow: true });
  return [
    ...[
      topics.connection,
      topics.state,
      topics.reported('+'),
      topics.shadowResult,
      topics.deviceCommandResult,
      topics.metrics,
      topics.events,
      topics.inputPreview,
      topics.dockerLogs,
    ].map((topic) => acl('publishClientSend', topic)),
    ...[topics.shadowCommand, topics.deviceCommand, topics.entitlements].map((topic) =>
      acl('subscribePattern', topic),
    ),
  ];
}

const DEVICE_ROLE_PREFIX = 'ec-device-';
export const deviceRoleName = (deviceGuid: string) => `${DEVICE_ROLE_PREFIX}${deviceGuid}`;

/** Device guids are UUIDs; anything else could smuggle MQTT wildcards into a rule. */
const DEVICE_GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${CONTROL_TOPIC}/response`;
/** Devices per control message: 2 commands of about 1 kB each, far below the 1 MiB packet limit. */
const DEVICES_PER_REQUEST = 100;
/** Roles and clients listed per page at start-up. */
const PAGE = 1000;

interface DynsecResponse {
  command: string;
  error?: string;
  data?: Record<string, unknown>;
  correlationData?: string;
}

const chunks = <T>(items: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

const sameAcls = (
  a: readonly DynsecAcl[],
  b: readonly { acltype: string; topic: string; allow: boolean }[],
) => {
  const key = (acl: { acltype: string; topic: string; allow: boolean }) =>
    `${acl.acltype} ${acl.topic} ${acl.allow}`;
  const wanted = new Set(a.map(key));
  return b.length === a.length && b.every((acl) => wanted.has(key(acl)));
};

/**
 * Device accounts on Mosquitto 2's dynamic security plugin, changed with JSON commands on
 * `$CONTROL/dynamic-security/v1` from a client of their own (credentials of MQTT_URL; its role must
 * allow that topic and its response topic, as scripts/start-mosquitto.sh sets up). Each device gets a
 * client (username and client id = its guid, its password) and a role `ec-device-{guid}` with
 * deviceAcls. Every change is idempotent, so any number of server processes may make it at once.
 */
export async function startDynsecAccounts(deps: {
  url: string;
  log: FastifyBaseLogger;
}): Promise<BrokerAccounts> {
  const { log } = deps;
  const client: MqttClient = await connectMqtt(deps.url, {
    clientId: `ec-console-accounts-${randomBytes(6).toString('hex')}`,
    clean: true,
  });
  const pending = new Map<string, (responses: DynsecResponse[]) => void>();
  client.on('message', (topic, payload) => {
    if (topic !== RESPONSE_TOPIC) return;
    try {
      const { responses } = JSON.parse(payload.toString('utf8')) as { responses?: DynsecResponse[] };
      const id = responses?.[0]?.correlationData;
      if (id) pending.get(id)?.(responses);
    } catch (error) {
      log.warn({ err: error }, 'broker accounts: ignoring a malformed dynamic security response');
    }
  });
  const [grant] = await client.subscribeAsync(RESPONSE_TOPIC, { qos: 1 });
  if (!grant || grant.qos === 128) {
    await client.endAsync();
    throw new Error(
      `MQTT_DEVICE_AUTH=dynsec: the server's broker client may not read ${RESPONSE_TOPIC}; give it the role scripts/start-mosquitto.sh creates`,
    );
  }

  /** What createRole and createClient answer for an account made before: not a failure. */
  const ALREADY = ['Role already exists', 'Client already exists'];
  /** The error for the responses that failed, other than `tolerated` ones; undefined when none did. */
  const failure = (responses: readonly DynsecResponse[], tolerated: readonly string[] = []) => {
    const failed = responses.filter((response) => response.error && !tolerated.includes(response.error));
    if (!failed.length) return undefined;
    const errors = [...new Set(failed.map((response) => `${response.command}: ${response.error}`))];
    return new BrokerAccountsUnavailableError(`the broker refused account changes (${errors.join('; ')})`);
  };

  /** Sends commands in one message and answers their responses, in order. */
  const request = async (commands: readonly Record<string, unknown>[]): Promise<DynsecResponse[]> => {
    if (!client.connected) throw new BrokerAccountsUnavailableError('not connected to the broker');
    const id = randomBytes(12).toString('hex');
    let timer: NodeJS.Timeout | undefined;
    try {
      return await new Promise<DynsecResponse[]>((resolve, reject) => {
        pending.set(id, resolve);
        timer = setTimeout(
          () =>
            reject(new BrokerAccountsUnavailableError('the dynamic security plugin did not answer in time')),
          PUBLISH_TIME_LIMIT_MS,
        );
        const message = { commands: commands.map((command) => ({ ...command, correlationData: id })) };
        client.publish(CONTROL_TOPIC, JSON.stringify(message), { qos: 1 }, (error) => {
          if (error) reject(new BrokerAccountsUnavailableError(error.message));
        });
      });
    } finally {
      clearTimeout(timer);
      pending.delete(id);
    }
  };
  /** Commands whose failures (other than `tolerated` ones) fail the whole call, named by their command. */
  const requestAll = async (
    commands: readonly Record<string, unknown>[],
    tolerated: readonly string[] = [],
  ) => {
    const responses = await request(commands);
    const error = failure(responses, tolerated);
    if (error) throw error;
    return responses;
  };
  /** Every item of a paged list command (listRoles, listClients). */
  const listAll = async <T>(command: string, key: string, verbose: boolean) => {
    const items: T[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const [response] = await requestAll([{ command, verbose, count: PAGE, offset }]);
      const page = (response?.data?.[key] ?? []) as T[];
      items.push(...page);
      if (page.length < PAGE) return items;
    }
  };

  // Whether the plugin answers at all: a broker without it (or a client without the right to use it)
  // fails start-up here, with this message, rather than every provisioning later.
  await request([{ command: 'getDefaultACLAccess' }]).catch(async (error: Error) => {
    await client.endAsync();
    throw new Error(
      `MQTT_DEVICE_AUTH=dynsec: no answer on ${CONTROL_TOPIC} (${error.message}); is Mosquitto's dynamic security plugin loaded, and may the server's client publish there?`,
    );
  });

  const remove = async (deviceGuids: readonly string[]) => {
    for (const part of chunks(deviceGuids, DEVICES_PER_REQUEST)) {
      await requestAll(
        part.flatMap((deviceGuid) => [
          { command: 'deleteClient', username: deviceGuid },
          { command: 'deleteRole', rolename: deviceRoleName(deviceGuid) },
        ]),
        ['Client not found', 'Role not found'],
      );
    }
  };

  const accountCommands = (devices: readonly DeviceCredentials[], create: boolean) =>
    devices.flatMap(({ deviceGuid, password }) => [
      {
        command: create ? 'createRole' : 'modifyRole',
        rolename: deviceRoleName(deviceGuid),
        acls: deviceAcls(deviceGuid),
      },
      {
        command: create ? 'createClient' : 'modifyClient',
        username: deviceGuid,
        clientid: deviceGuid,
        password,
        roles: [{ rolename: deviceRoleName(deviceGuid) }],
      },
    ]);
  let closed = false;
  return {
    managed: true,
    async create(devices) {
      const invalid = devices.find((device) => !DEVICE_GUID.test(device.deviceGuid));
      if (invalid) throw new Error(`not a device guid: ${invalid.deviceGuid}`);
      const made: string[] = [];
      let unanswered: readonly DeviceCredentials[] = [];
      try {
        for (const part of chunks(devices, DEVICES_PER_REQUEST)) {
          unanswered = part;
          const responses = await request(accountCommands(part, true));
          unanswered = [];
          part.forEach((device, index) => {
            if (!responses[index * 2]?.error || !responses[index * 2 + 1]?.error)
              made.push(device.deviceGuid);
          });
          const refused = failure(responses, ALREADY);
          if (refused) throw refused;
          // An account left from earlier (a restarted demo) is set to what it must be now.
          const existing = part.filter(
            (_, index) => responses[index * 2 + 1]?.error || responses[index * 2]?.error,
          );
          if (existing.length) await requestAll(accountCommands(existing, false));
        }
      } catch (error) {
        // What a failed call made must not outlive it: a provisioning that fails leaves no account.
        // If the broker cannot take this either, what stays are accounts whose passwords nobody has.
        const undo = [...made, ...unanswered.map((device) => device.deviceGuid)];
        if (undo.length)
          await remove(undo).catch((undoError: Error) =>
            log.warn(
              { err: undoError, count: undo.length },
              'broker accounts: undoing a failed creation failed',
            ),
          );
        throw error;
      }
    },
    remove,
    async sync(deviceGuids) {
      const clients = new Set(await listAll<string>('listClients', 'clients', false));
      const roles = await listAll<{ rolename: string; acls?: DynsecAcl[] }>('listRoles', 'roles', true);
      const roleAcls = new Map(roles.map((role) => [role.rolename, role.acls ?? []]));
      const fixes: Record<string, unknown>[] = [];
      for (const deviceGuid of deviceGuids) {
        if (!clients.has(deviceGuid) || !DEVICE_GUID.test(deviceGuid)) continue;
        const rolename = deviceRoleName(deviceGuid);
        const acls = deviceAcls(deviceGuid);
        const current = roleAcls.get(rolename);
        // A device client without its role is left alone: on Mosquitto 2.0.11 a role is only ever gone
        // from under its client by a deleteRole that corrupted that client, and touching it again
        // crashes the broker. Accounts are removed client first (remove), which is safe.
        if (current && !sameAcls(acls, current)) fixes.push({ command: 'modifyRole', rolename, acls });
      }
      // Another process may be making the same fixes: both outcomes are the same rules.
      for (const part of chunks(fixes, DEVICES_PER_REQUEST)) await requestAll(part);
      if (fixes.length)
        log.info({ commands: fixes.length }, 'broker accounts: device rules brought up to date');
      return deviceGuids.filter((deviceGuid) => !clients.has(deviceGuid));
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
  if (config.MQTT_URL && config.MQTT_DEVICE_AUTH === 'dynsec')
    return startDynsecAccounts({ url: config.MQTT_URL, log: deps.log });
  return Promise.resolve(unmanagedBrokerAccounts);
}
