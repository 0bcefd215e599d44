import net from 'node:net';
import {
  DEVICE_PUBLISH_SUFFIXES,
  DEVICE_SUBSCRIBE_SUFFIXES,
  parseDeviceTopic,
} from '@ec/contract/device-link';
import { Aedes, type AuthenticateError, type Client } from 'aedes';

/** Connection attempts the kernel may queue before the broker accepts them. */
const LISTEN_BACKLOG = 4096;

export interface EmbeddedBroker {
  url: string;
  close(): Promise<void>;
}

export interface BrokerAuth {
  /** The console server's own client: may use every topic. */
  server: { username: string; password: string };
  /** Checks a device's link credentials (username = device_guid). */
  verifyDevice(deviceGuid: string, password: string): Promise<boolean>;
}

const deviceOf = new WeakMap<Client, string>();

const allowed = (client: Client | null, topic: string, rules: RegExp[]) => {
  if (!client) return true; // published by the broker itself (last will, $SYS)
  const deviceGuid = deviceOf.get(client);
  if (deviceGuid === undefined) return true; // the console server
  const parsed = parseDeviceTopic(topic);
  return parsed?.deviceGuid === deviceGuid && rules.some((rule) => rule.test(parsed.rest));
};

function authError(message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode: 4 as AuthenticateError['returnCode'] });
}

/**
 * The broker embedded in the server process for the quick start and small fleets. Devices log in with
 * their own credentials and may only touch their own topics (docs/device-protocol.md).
 */
export async function startEmbeddedBroker(options: {
  host: string;
  port: number;
  auth: BrokerAuth;
}): Promise<EmbeddedBroker> {
  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const secret = password?.toString('utf8') ?? '';
      if (username === options.auth.server.username) {
        return done(
          secret === options.auth.server.password ? null : authError('Bad credentials'),
          secret === options.auth.server.password,
        );
      }
      if (!username || client.id !== username)
        return done(authError('Client id must be the device guid'), false);
      options.auth.verifyDevice(username, secret).then(
        (ok) => {
          if (ok) deviceOf.set(client, username);
          done(ok ? null : authError('Bad credentials'), ok);
        },
        () => done(authError('Authentication failed'), false),
      );
    },
    authorizePublish(client, packet, callback) {
      callback(
        allowed(client, packet.topic, DEVICE_PUBLISH_SUFFIXES)
          ? null
          : new Error(`Publishing to ${packet.topic} is not allowed`),
      );
    },
    authorizeSubscribe(client, subscription, callback) {
      // A null subscription answers the SUBACK with failure (128) instead of dropping the connection.
      callback(null, allowed(client, subscription.topic, DEVICE_SUBSCRIBE_SUFFIXES) ? subscription : null);
    },
  });
  const server = net.createServer({ noDelay: true }, broker.handle);
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
