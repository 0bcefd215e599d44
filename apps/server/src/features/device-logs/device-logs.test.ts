import { createServer } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { deviceLogsUploadPath } from '@ec/contract/device-commands';
import type { ProvisionedDevice } from '@ec/contract/devices';
import type { SimulatedDevice } from '@ec/simulator/simulated-device';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatedDevice } from '../../../test/devices-on-the-broker.ts';
import { createTestAppWithOrg, eventually, type TestUser } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let orgGuid: string;
let simulator: SimulatedDevice;
let device: ProvisionedDevice | undefined;

/** A port nothing listens on, so the console's public address can name it before it starts. */
async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  // The device uploads over real HTTP to the address the console gives it.
  ({ t, owner, orgGuid } = await createTestAppWithOrg({ env: { PUBLIC_URL: `http://127.0.0.1:${port}` } }));
  await t.app.listen({ port, host: '127.0.0.1' });
  simulator = await startSimulatedDevice(t, { orgGuid });
  device = simulator.device;
  await eventually(async () => (await get(`/v1/devices/${device!.device_guid}`)).device.online);
});
afterAll(async () => {
  await simulator.stop();
  await t.close();
});

const get = (url: string) => t.app.inject({ url, headers: owner.headers(orgGuid) }).then((r) => r.json());

describe('device logs', () => {
  it('has none before the first request', async () => {
    expect(await get(`/v1/devices/${device!.device_guid}/logs`)).toEqual({ logs: null });
    const bundle = await t.app.inject({
      url: `/v1/devices/${device!.device_guid}/logs/bundle`,
      headers: owner.headers(orgGuid),
    });
    expect(bundle.statusCode).toBe(404);
  });

  it('asks the device for a bundle, which it uploads; the bundle is then listed and downloadable', async () => {
    const requested = await t.app.inject({
      method: 'POST',
      url: `/v1/devices/${device!.device_guid}/logs`,
      headers: owner.headers(orgGuid),
    });
    expect(requested.statusCode).toBe(202);
    const { command_guid } = requested.json();
    const command = await eventually(async () => {
      const answer = await get(`/v1/devices/${device!.device_guid}/commands/${command_guid}`);
      return answer.command.finished && answer.command;
    });
    expect(command.response.result).toEqual({ state: 'COMPLETE', message: 'Logs uploaded' });

    const { logs } = await get(`/v1/devices/${device!.device_guid}/logs`);
    expect(logs).toEqual({
      url: `/v1/devices/${device!.device_guid}/logs/bundle`,
      last_retrieved: expect.any(String),
    });
    const bundle = await t.app.inject({ url: logs.url, headers: owner.headers(orgGuid) });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-disposition']).toContain(`${device!.serial_number}-logs.tar.gz`);
    expect(gunzipSync(bundle.rawPayload).toString()).toContain(`booting edgecaster ${device!.serial_number}`);
  });

  it('refuses an upload without the device credentials, or for a command it was not asked', async () => {
    const upload = (commandGuid: string, authorization?: string) =>
      t.app.inject({
        method: 'PUT',
        url: deviceLogsUploadPath(commandGuid),
        headers: { 'content-type': 'application/gzip', ...(authorization ? { authorization } : {}) },
        payload: Buffer.from('not really gzip'),
      });
    const basic = (password: string) =>
      `Basic ${Buffer.from(`${device!.device_guid}:${password}`).toString('base64')}`;
    const unknownCommand = '00000000-0000-4000-8000-000000000000';
    expect((await upload(unknownCommand)).statusCode).toBe(401);
    expect((await upload(unknownCommand, basic('wrong'))).statusCode).toBe(401);
    expect((await upload(unknownCommand, basic(device!.mqtt_password))).statusCode).toBe(401);
  });
});
