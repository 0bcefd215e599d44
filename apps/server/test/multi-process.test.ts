import { deviceTopics, shadowCommandMessageSchema } from '@ec/contract/device-link';
import { deviceSubscription } from '@ec/contract/live';
import { systemState } from '@ec/simulator/initial-shadows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { STATUS_KEPT_MS } from '../src/features/devices/org-status-cache.ts';
import { announceOnline, connectRawDevice } from './devices-on-the-broker.ts';
import { adoptBySerial, createOrgWithOwner, eventually, provision, sendShadowSet } from './factories.ts';
import { openLive } from './live-client.ts';
import { openSharedBroker } from './shared-broker.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { openTestDatabase } from './test-databases.ts';

// Two server instances sharing one database and one broker, as several processes would in production.
let database: Database;
let first: TestApp;
let second: TestApp;
let broker: Awaited<ReturnType<typeof openSharedBroker>>;

beforeAll(async () => {
  database = await openTestDatabase();
  broker = await openSharedBroker();
  const options = { database, mqttUrl: broker.mqttUrl, sharedSubscriptions: broker.sharedSubscriptions };
  first = await createTestApp(options);
  second = await createTestApp(options);
});
afterAll(async () => {
  await first.close();
  await second.close();
  await broker.close();
  await database.close();
});

describe('several server processes', () => {
  it('push changes made through one process to browsers connected to another', async () => {
    const { owner, orgGuid } = await createOrgWithOwner(first);
    const baseUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
    const live = await openLive(baseUrl, { access_token: owner.token, org_guid: orgGuid });
    await live.waitFor((e) => e.type === 'ready');

    const [device] = await provision(first);
    const guid = device!.device_guid;
    await adoptBySerial(first, owner.headers(orgGuid), device!.serial_number);
    await live.waitFor((e) => e.type === 'device.adopted' && e.device_guid === guid);
    // The browser opens the device's page: it follows the device, its command answers too.
    live.socket.send(
      JSON.stringify({ type: 'subscribe', subscriptions: ['devices', deviceSubscription(guid)] }),
    );

    // The organization's status as the second process keeps it for its callers.
    const statusOnSecond = async () =>
      (await second.app.inject({ url: '/v1/devices/status', headers: owner.headers(orgGuid) })).json().status;
    expect(await statusOnSecond()).toMatchObject({ total_devices: 1, total_online: 0 });

    const mqtt = await connectRawDevice(first, device!);
    await mqtt.subscribeAsync(deviceTopics(guid).shadowCommand, { qos: 1 });
    mqtt.on('message', (_topic, payload) => {
      const command = shadowCommandMessageSchema.parse(JSON.parse(payload.toString()));
      const state = { config: { device_name: 'Renamed' } };
      mqtt.publish(
        deviceTopics(guid).shadowResult,
        JSON.stringify({
          command_guid: command.command_guid,
          shadow_name: 'System',
          result: 'succeeded',
          message: null,
          error_code: null,
          state,
          current_version: 2,
        }),
        { qos: 1 },
      );
    });
    await announceOnline(first, mqtt, guid, { retain: true });
    await live.waitFor((e) => e.type === 'device.connection' && e.device_guid === guid);
    // The connection the first process stored reaches the second's status as the same live event,
    // well before the second would compute it again unprompted (STATUS_KEPT_MS).
    await eventually(async () => (await statusOnSecond()).total_online === 1, STATUS_KEPT_MS / 2);

    const sent = await sendShadowSet(first, owner.headers(orgGuid), guid, {
      shadowName: 'System',
      targetVersion: 1,
      state: { config: { ...systemState(device!, '192.168.1.2').config, device_name: 'Renamed' } },
    });
    expect(sent.statusCode).toBe(202);
    const commandGuid = sent.json().commands[0].command_guid;
    await live.waitFor(
      (e) => e.type === 'shadow.command' && e.command_guid === commandGuid && e.command_state === 'succeeded',
    );

    // Each process reads the same finished command, and the result was stored once.
    for (const app of [first, second]) {
      const command = await app.app.inject({
        url: `/v1/devices/${guid}/shadows/commands/${commandGuid}`,
        headers: owner.headers(orgGuid),
      });
      expect(command.json().command).toMatchObject({ finished: true, command_state: 'succeeded' });
    }
    const device2 = await eventually(async () => {
      const response = await second.app.inject({
        url: `/v1/devices/${guid}`,
        headers: owner.headers(orgGuid),
      });
      return response.json().device.device_name === 'Renamed' && response.json().device;
    });
    expect(device2.online).toBe(true);
    await mqtt.endAsync();
    live.close();
  });
});
