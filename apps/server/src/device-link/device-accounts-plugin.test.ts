import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deviceTopics } from '@ec/contract/device-link';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/factories.ts';
import { freePort } from '../../test/server-process.ts';
import { createLogger } from '../logging/logger.ts';
import { digest } from '../shared/secrets.ts';
import {
  type BrokerAccounts,
  BrokerAccountsUnavailableError,
  startPluginAccounts,
} from './broker-accounts.ts';

/**
 * Edgecaster's device accounts plugin in the production Mosquitto (scripts/start-mosquitto.sh, a broker
 * of this file's own, restarted at will): accounts made in bulk, logins and topic rules, kicks, a
 * request refused whole, and what survives a restart (decision 225).
 */
const root = path.resolve(import.meta.dirname, '../../../..');
let dir: string;
let port: number;
let url: string;
let accounts: BrokerAccounts;
const clients: MqttClient[] = [];

function startBroker() {
  const started = spawnSync(path.join(root, 'scripts/start-mosquitto.sh'), [String(port), dir], {
    encoding: 'utf8',
  });
  if (started.status !== 0) throw new Error(`start-mosquitto.sh failed: ${started.stderr}`);
  url = started.stdout.trim().split('\n').at(-1)!;
}

async function stopBroker() {
  const pid = Number(readFileSync(path.join(dir, 'mosquitto.pid'), 'utf8'));
  process.kill(pid);
  await eventually(async () => {
    try {
      process.kill(pid, 0);
      return false;
    } catch {
      return true;
    }
  });
}

const newDevice = () => {
  const password = randomBytes(24).toString('base64url');
  return { deviceGuid: randomUUID(), password, secretHash: digest(password) };
};

/** Connects as a device; answers the client, or throws the broker's refusal. */
async function connectAs(device: { deviceGuid: string; password: string }, clientId = device.deviceGuid) {
  const client = await mqtt.connectAsync(url.replace(/\/\/[^@]*@/, '//'), {
    clientId,
    username: device.deviceGuid,
    password: device.password,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  clients.push(client);
  return client;
}

/** Whether the broker takes a subscription (mqtt.js fails a refused one, granted QoS 128). */
async function mayRead(client: MqttClient, topic: string) {
  try {
    const [grant] = await client.subscribeAsync(topic, { qos: 1 });
    return grant?.qos !== 128;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ec-accounts-plugin-'));
  port = await freePort();
  startBroker();
  accounts = await startPluginAccounts({ url, log: createLogger({ level: 'silent' }) });
  expect(await accounts.sync([])).toBe(0);
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  await accounts?.close();
  await stopBroker().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

describe('the device accounts plugin', () => {
  it('listens with the system’s backlog, not Mosquitto’s 100: a fleet connecting at once is not dropped', async () => {
    // `ss` shows a listening socket's backlog as its Send-Q; the kernel caps it at net.core.somaxconn.
    const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
    await eventually(async () => {
      const listening = spawnSync('ss', ['-ltnH', `sport = :${port}`], { encoding: 'utf8' }).stdout;
      return Number(listening.trim().split(/\s+/)[2]) === Math.min(somaxconn, 65535);
    });
  });

  it('takes 20,000 accounts in a few requests and lets each device in with its own password only', async () => {
    const devices = Array.from({ length: 20_000 }, newDevice);
    await accounts.create(devices);
    const [first, last] = [devices[0]!, devices.at(-1)!];
    await expect(connectAs(last)).resolves.toBeTruthy();
    await expect(connectAs({ ...first, password: 'not-its-password' })).rejects.toThrow(/Not authorized/i);
    await expect(connectAs(first, `${first.deviceGuid}-other`)).rejects.toThrow(/Not authorized/i);
    await expect(connectAs({ deviceGuid: randomUUID(), password: first.password })).rejects.toThrow(
      /Not authorized/i,
    );
    // Every account is listed back: nothing to restore.
    expect(await accounts.sync(devices)).toBe(0);
  });

  it("reads its own cloud → device topics and none of another device's", async () => {
    const [device, other] = [newDevice(), newDevice()];
    await accounts.create([device, other]);
    const client = await connectAs(device);
    expect(await mayRead(client, deviceTopics(device.deviceGuid).deviceCommand)).toBe(true);
    expect(await mayRead(client, deviceTopics(other.deviceGuid).deviceCommand)).toBe(false);
    expect(await mayRead(client, `${deviceTopics(device.deviceGuid).base}/#`)).toBe(false);
    expect(await mayRead(client, deviceTopics(device.deviceGuid).state)).toBe(false);
  });

  it('closes the connection of a removed device and refuses its login after', async () => {
    const device = newDevice();
    await accounts.create([device]);
    const client = await connectAs(device);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await accounts.remove([device.deviceGuid]);
    await closed;
    await expect(connectAs(device)).rejects.toThrow(/Not authorized/i);
    // Removing it again is fine.
    await accounts.remove([device.deviceGuid]);
  });

  it('refuses a request with a bad line whole, applying none of it', async () => {
    const device = newDevice();
    await expect(
      accounts.create([device, { deviceGuid: 'not-a-guid', secretHash: device.secretHash }]),
    ).rejects.toThrow(/not a device account/);
    await expect(connectAs(device)).rejects.toThrow(/Not authorized/i);
  });

  it('keeps accounts and rules across a broker restart, and gives back accounts a lost file took', async () => {
    const device = newDevice();
    await accounts.create([device]);
    await stopBroker();
    startBroker();
    const client = await connectAs(device);
    expect(await mayRead(client, deviceTopics(device.deviceGuid).entitlements)).toBe(true);
    await client.endAsync();

    // The accounts file lost: start-up's sync gives every stored device its account back.
    await stopBroker();
    rmSync(path.join(dir, 'device-accounts'));
    startBroker();
    await expect(connectAs(device)).rejects.toThrow(/Not authorized/i);
    await accounts.close();
    accounts = await startPluginAccounts({ url, log: createLogger({ level: 'silent' }) });
    expect(await accounts.sync([device])).toBe(1);
    const again = await connectAs(device);
    expect(await mayRead(again, deviceTopics(device.deviceGuid).shadowCommand)).toBe(true);
  });

  it('fails with BrokerAccountsUnavailableError when the broker is gone', async () => {
    await stopBroker();
    await expect(accounts.create([newDevice()])).rejects.toBeInstanceOf(BrokerAccountsUnavailableError);
    startBroker();
  });
});
