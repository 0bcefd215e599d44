import { deviceTopics, shadowCommandMessageSchema } from '@ec/contract/device-link';
import { deviceSubscription } from '@ec/contract/live';
import { systemState } from '@ec/simulator/initial-shadows';
import type { MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { cleanupsAfter } from '../../test/cleanups.ts';
import { eventually } from '../../test/factories.ts';
import { openLive } from '../../test/live-client.ts';
import { orgForServerProcesses, startServerProcess } from '../../test/server-process.ts';
import { connectMqtt, withoutCredentials } from '../device-link/mqtt-client.ts';
import { SHUTDOWN_DEADLINE_MS } from './graceful-shutdown.ts';

/**
 * A server process whose devices' messages are taken by an ingest thread (INGEST_THREADS, decision
 * 273): what a device sends is stored and reaches the process's browsers, its answers finish the
 * commands people send through the main thread, the health check counts the thread's backlog, and a
 * SIGTERM ends both. PostgreSQL and Mosquitto only: the setting needs them.
 */
const cleanups = cleanupsAfter();
/** Generous: the whole suite may keep both cores busy. */
const LIVE_WAIT_MS = 30_000;

describe('a server process with an ingest thread', () => {
  it('stores what devices send, tells its browsers, finishes their commands and stops on SIGTERM', async () => {
    const { owner, orgGuid, devices, env, callAsOwner } = await orgForServerProcesses({
      name: 'ec-ingest-thread',
      devices: 1,
      cleanups,
    });
    const device = devices[0];
    const server = await startServerProcess({ ...env, INGEST_THREADS: '1' }, cleanups);
    const api = (url: string, init?: RequestInit) => callAsOwner(server.baseUrl, url, init);

    const guid = device!.device_guid;
    const live = await openLive(server.baseUrl, { access_token: owner.token, org_guid: orgGuid });
    cleanups.push(async () => live.close());
    await live.waitFor((event) => event.type === 'ready', LIVE_WAIT_MS);
    live.socket.send(
      JSON.stringify({ type: 'subscribe', subscriptions: ['devices', deviceSubscription(guid)] }),
    );

    // The device announces itself and answers sets with its renamed document.
    const topics = deviceTopics(guid);
    const state = systemState(device!, '192.168.1.9') as { config: Record<string, unknown> };
    const mqtt: MqttClient = await connectMqtt(withoutCredentials(process.env.TEST_MQTT_URL!), {
      clientId: guid,
      username: device!.mqtt_username,
      password: device!.mqtt_password,
    });
    cleanups.push(() => mqtt.endAsync());
    const publish = (topic: string, payload: unknown, retain = false) =>
      mqtt.publishAsync(topic, JSON.stringify(payload), { qos: 1, retain });
    mqtt.on('message', async (_topic, payload) => {
      const command = shadowCommandMessageSchema.parse(JSON.parse(payload.toString()));
      const renamed = command.command_type === 'set' ? { ...state, ...command.state } : state;
      await publish(topics.shadowResult, {
        command_guid: command.command_guid,
        shadow_name: 'System',
        result: 'succeeded',
        message: null,
        error_code: null,
        state: renamed,
        current_version: command.command_type === 'set' ? 2 : 1,
      });
    });
    await mqtt.subscribeAsync(topics.shadowCommand, { qos: 1 });
    await publish(topics.connection, { online: true }, true);
    await publish(topics.reported('System'), { state, version: 1, timestamp: new Date().toISOString() });

    // Stored by the thread, told to this process's browser by its main thread.
    await live.waitFor(
      (event) => event.type === 'device.connection' && event.device_guid === guid,
      LIVE_WAIT_MS,
    );
    await eventually(async () => {
      const { device: listed } = await (await api(`/v1/devices/${guid}`)).json();
      return listed.online && listed.device_name === state.config.device_name;
    });

    // A set sent through the main thread, finished by the answer the thread takes.
    const sent = await api(`/v1/devices/${guid}/shadows/commands`, {
      method: 'POST',
      body: JSON.stringify({
        command_type: 'set',
        commands: [
          {
            shadow_name: 'System',
            target_version: 1,
            state: { config: { ...state.config, device_name: 'Renamed Through A Thread' } },
          },
        ],
      }),
    });
    expect(sent.status).toBe(202);
    const commandGuid = (await sent.json()).commands[0].command_guid as string;
    await live.waitFor(
      (event) =>
        event.type === 'shadow.command' &&
        event.command_guid === commandGuid &&
        event.command_state === 'succeeded',
      LIVE_WAIT_MS,
    );
    const { device: renamed } = await (await api(`/v1/devices/${guid}`)).json();
    expect(renamed.device_name).toBe('Renamed Through A Thread');

    // The thread's backlog, as the health check reads it, empties once what the device sent is stored.
    await eventually(
      async () => (await (await fetch(`${server.baseUrl}/v1/health/ready`)).json()).ingest_backlog === 0,
    );

    // SIGTERM: the thread stores what it holds and ends, then the process, in time and cleanly.
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(SHUTDOWN_DEADLINE_MS);
  }, 180_000);
});
