import {
  deviceTopics,
  type ShadowCommandMessage,
  shadowCommandMessageSchema,
} from '@ec/contract/device-link';
import { systemState } from '@ec/simulator/initial-shadows';
import type { MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { connectMqtt, withoutCredentials } from '../src/device-link/mqtt-client.ts';
import { cleanupsAfter } from './cleanups.ts';
import { eventually } from './factories.ts';
import { killed, orgForServerProcesses, startServerProcess } from './server-process.ts';

/**
 * The only server process SIGKILLed right after it sent a set (issue 25): the device applies the set
 * and answers while no server listens (the server's session is clean, so the answer is gone). After a
 * restart the command must end as the device's document says: succeeded. Real processes, PostgreSQL
 * and Mosquitto only: the embedded broker dies with its server (decision 170).
 */
const external = process.env.TEST_DATABASE_URL && process.env.TEST_MQTT_URL;
const cleanups = cleanupsAfter();

describe.skipIf(!external)('a server process killed mid-command', () => {
  it('reconciles after its restart: the set the device applied ends succeeded', async () => {
    // Set up through an in-process server, closed before the set: the spawned one is then the only one.
    const { devices, env, callAsOwner } = await orgForServerProcesses({
      name: 'ec-killed',
      devices: 1,
      cleanups,
    });
    const device = devices[0];
    let server = await startServerProcess(env, cleanups);

    // The device, as docs/device-protocol.md has it: a persistent session, System at version 1,
    // answering gets with its document. Its answer to the set waits until the server is dead.
    const guid = device!.device_guid;
    const topics = deviceTopics(guid);
    const document = { state: systemState(device!, '192.168.1.7') as Record<string, unknown>, version: 1 };
    let killedServer = () => {};
    const serverDead = new Promise<void>((resolve) => {
      killedServer = resolve;
    });
    const received: ShadowCommandMessage[] = [];
    const answered: string[] = [];
    const mqtt: MqttClient = await connectMqtt(withoutCredentials(process.env.TEST_MQTT_URL!), {
      clientId: guid,
      username: device!.mqtt_username,
      password: device!.mqtt_password,
      clean: false,
    });
    cleanups.push(() => mqtt.endAsync());
    const publish = (topic: string, payload: unknown, retain = false) =>
      mqtt.publishAsync(topic, JSON.stringify(payload), { qos: 1, retain });
    const answer = (command: ShadowCommandMessage) =>
      publish(topics.shadowResult, {
        command_guid: command.command_guid,
        shadow_name: 'System',
        result: 'succeeded',
        message: null,
        error_code: null,
        state: document.state,
        current_version: document.version,
      });
    mqtt.on('message', async (_topic, payload) => {
      const command = shadowCommandMessageSchema.parse(JSON.parse(payload.toString()));
      received.push(command);
      if (command.command_type === 'set') {
        await serverDead;
        Object.assign(document, { state: { ...document.state, ...command.state }, version: 2 });
        await publish(topics.reported('System'), { ...document, timestamp: new Date().toISOString() });
      }
      await answer(command);
      answered.push(command.command_guid);
    });
    await mqtt.subscribeAsync(topics.shadowCommand, { qos: 1 });
    await publish(topics.connection, { online: true }, true);
    await publish(topics.reported('System'), { ...document, timestamp: new Date().toISOString() });

    const api = (url: string, init?: RequestInit) => callAsOwner(server.baseUrl, url, init);
    const commandsUrl = `/v1/devices/${guid}/shadows/commands`;
    await eventually(async () => {
      const shadows = await (await api(`/v1/devices/${guid}/shadows?shadow_names=System`)).json();
      const online = (await (await api(`/v1/devices/${guid}`)).json()).device.online;
      return online && shadows.shadows[0]?.reported?.current_version === 1;
    });
    const sent = await api(commandsUrl, {
      method: 'POST',
      body: JSON.stringify({
        command_type: 'set',
        commands: [
          {
            shadow_name: 'System',
            target_version: 1,
            state: { config: { ...(document.state.config as object), device_name: 'Renamed Unheard' } },
          },
        ],
      }),
    });
    expect(sent.status).toBe(202);
    const commandGuid = (await sent.json()).commands[0].command_guid as string;
    await eventually(async () => received.some((command) => command.command_guid === commandGuid));

    await killed(server.child);
    killedServer();
    // The device applied the set and answered while no server listened.
    await eventually(async () => answered.includes(commandGuid));

    server = await startServerProcess(env, cleanups);
    // Past the answer window (20 s) the timeout job would have failed it: wait beyond that.
    const command = await eventually(async () => {
      const { command } = await (await api(`${commandsUrl}/${commandGuid}`)).json();
      return command.finished && command;
    }, 30_000);
    expect(command).toMatchObject({
      command_state: 'succeeded',
      response: { error_code: null, current_version: 2 },
    });
    const { device: renamed } = await (await api(`/v1/devices/${guid}`)).json();
    expect(renamed.device_name).toBe('Renamed Unheard');
  }, 120_000);
});
