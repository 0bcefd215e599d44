import net from 'node:net';
import {
  DEVICE_PUBLISH_SUFFIXES,
  DEVICE_SUBSCRIBE_SUFFIXES,
  MAX_PACKET_BYTES,
  parseDeviceTopic,
} from '@ec/contract/device-link';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { indexedRetainedPersistence } from './indexed-retained-persistence.ts';
import { guardedConnection } from './packet-size-guard.ts';
import { type Lane, twoLaneMqEmitter } from './two-lane-mqemitter.ts';

/** Connection attempts the kernel may queue before the broker accepts them. */
const LISTEN_BACKLOG = 4096;
/** Messages aedes delivers at once (its default) in each lane of its emitter; the rest wait in the lane's queue. */
const MQ_CONCURRENCY = 100;

export interface EmbeddedBroker {
  url: string;
  close(): Promise<void>;
}

/** Where the broker tells what it refused: the server's log, or the main thread's when it runs on its own. */
export type BrokerLog = { warn(details: object, message: string): void };

export interface BrokerAuth {
  /** The console server's own client: may use every topic. */
  server: { username: string; password: string };
  /** Checks a device's link credentials (username = device_guid). */
  verifyDevice(deviceGuid: string, password: string): Promise<boolean>;
}

export interface EmbeddedBrokerOptions {
  host: string;
  /** 0: a free port. */
  port: number;
  auth: BrokerAuth;
  log: BrokerLog;
  maxPacketBytes?: number;
}

const deviceOf = new WeakMap<Client, string>();

const allowed = (client: Client | null, topic: string, rules: RegExp[]) => {
  if (!client) return true; // published by the broker itself (last will, $SYS)
  const deviceGuid = deviceOf.get(client);
  if (deviceGuid === undefined) return true; // the console server
  const parsed = parseDeviceTopic(topic);
  return parsed?.deviceGuid === deviceGuid && rules.some((rule) => rule.test(parsed.rest));
};

/** The emitter's lane of a topic or filter: what devices receive (the console's), what they send, or either. */
const laneOf = (topic: string): Lane | undefined => {
  const rest = parseDeviceTopic(topic)?.rest;
  if (rest === undefined) return undefined;
  if (DEVICE_SUBSCRIBE_SUFFIXES.some((rule) => rule.test(rest))) return 'toDevices';
  if (DEVICE_PUBLISH_SUFFIXES.some((rule) => rule.test(rest))) return 'fromDevices';
  return undefined;
};

/** The peer address of each connection handed to the broker (it sees the guarded stream, not the socket). */
const remoteAddresses = new WeakMap<object, string | undefined>();
const addressOf = (client: Client | null) => (client ? remoteAddresses.get(client.conn) : undefined);

function authError(message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode: 4 as AuthenticateError['returnCode'] });
}

/**
 * The broker embedded in the server process for the quick start and small fleets. Devices log in with
 * their own credentials and may only touch their own topics (docs/device-protocol.md). Whatever it
 * refuses (a login, a publish, a subscription, a packet over MAX_PACKET_BYTES) is logged at warn.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const { log, maxPacketBytes = MAX_PACKET_BYTES } = options;
  const refuse = (client: Client | null, reason: string) => {
    log.warn({ clientId: client?.id, address: addressOf(client) }, `device link: ${reason}`);
  };
  const broker = await Aedes.createBroker({
    persistence: indexedRetainedPersistence(),
    concurrency: MQ_CONCURRENCY,
    mq: twoLaneMqEmitter(MQ_CONCURRENCY, laneOf),
    authenticate(client, username, password, done) {
      const secret = password?.toString('utf8') ?? '';
      const refuseLogin = (reason: string) => {
        refuse(client, `login refused (${reason})`);
        done(authError(reason), false);
      };
      if (username === options.auth.server.username) {
        if (secret !== options.auth.server.password) return refuseLogin('Bad credentials');
        return done(null, true);
      }
      if (!username || client.id !== username) return refuseLogin('Client id must be the device guid');
      options.auth.verifyDevice(username, secret).then(
        (ok) => {
          if (!ok) return refuseLogin('Bad credentials');
          deviceOf.set(client, username);
          done(null, true);
        },
        () => refuseLogin('Authentication failed'),
      );
    },
    authorizePublish(client, packet, callback) {
      if (allowed(client, packet.topic, DEVICE_PUBLISH_SUFFIXES)) return callback(null);
      refuse(client, `publish to ${packet.topic} refused`);
      callback(new Error(`Publishing to ${packet.topic} is not allowed`));
    },
    authorizeSubscribe(client, subscription, callback) {
      if (allowed(client, subscription.topic, DEVICE_SUBSCRIBE_SUFFIXES)) return callback(null, subscription);
      refuse(client, `subscription to ${subscription.topic} refused`);
      // A null subscription answers the SUBACK with failure (128) instead of dropping the connection.
      callback(null, null);
    },
  });
  const server = net.createServer({ noDelay: true }, (socket) => {
    const connection = guardedConnection(socket, maxPacketBytes, (error) =>
      log.warn(
        { address: socket.remoteAddress, limit: maxPacketBytes },
        `device link: connection closed, ${error.message}`,
      ),
    );
    remoteAddresses.set(connection, socket.remoteAddress);
    broker.handle(connection);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A fleet reconnecting at once (broker restart, power return) must not overflow the accept queue:
    // a dropped connection attempt costs the device a TCP retry, seconds later.
    server.listen({ port: options.port, host: options.host, backlog: LISTEN_BACKLOG }, resolve);
  });
  const address = server.address() as net.AddressInfo;
  return {
    url: `mqtt://${options.host}:${address.port}`,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
