import { randomUUID } from 'node:crypto';
import { deviceTopics } from '@ec/contract/device-link';
import { dockerLogsSubscription, MAX_DOCKER_LOG_LINE } from '@ec/contract/docker-logs';
import { deviceSubscription, type LiveEvent } from '@ec/contract/live';
import type { SimulatedDevice } from '@ec/simulator/simulated-device';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRawDevice, startSimulatedDevice } from '../../../test/devices-on-the-broker.ts';
import { createTestAppWithOrg, eventually, provisionInto, type TestUser } from '../../../test/factories.ts';
import { licenseDockerOnBaseProfile } from '../../../test/licensing.ts';
import { openLive } from '../../../test/live-client.ts';
import type { TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let orgGuid: string;
let baseUrl: string;
let simulated: SimulatedDevice;
let guid: string;

beforeAll(async () => {
  ({ t, owner, orgGuid } = await createTestAppWithOrg());
  await licenseDockerOnBaseProfile(t);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  simulated = await startSimulatedDevice(t, { orgGuid, product: 'edgecaster_max', commandStepMs: 10 });
  guid = simulated.device.device_guid;
  // The server sends the device its entitlements on connecting: Docker is licensed once they arrive.
  await eventually(async () => simulated.entitlements?.properties['services.docker.enabled'] === true);
});
afterAll(async () => {
  await simulated.stop();
  await t.close();
});

// biome-ignore lint/suspicious/noExplicitAny: answers as the API returns them
type Json = Record<string, any>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/v1/devices/${guid}${url}`, headers: owner.headers(orgGuid), payload });

async function finished(commandGuid: string): Promise<Json> {
  return eventually(async () => {
    const { command } = (await call('GET', `/commands/${commandGuid}`)).json();
    return command.finished ? command : undefined;
  });
}

/** Sends a docker call and waits for the device's outcome. */
async function run(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const sent = await call(method, url, payload);
  expect(sent.statusCode, sent.body).toBe(202);
  return finished(sent.json().command_guid);
}

const containers = async (): Promise<Json[]> => (await call('GET', '/docker/containers')).json().containers;
const images = async (): Promise<Json[]> => (await call('GET', '/docker/images')).json().images;

describe('containers and images on a device (spec 3 §7)', () => {
  it("lists the device's reported Docker state: its protected system containers and images", async () => {
    const names = await eventually(async () => {
      const found = (await containers()).map((container) => container.name);
      return found.length ? found : undefined;
    });
    expect(names).toEqual(expect.arrayContaining(['supervisor', 'fans', 'cloud', 'api-app', 'api-proxy']));
    expect((await images()).flatMap((image) => image.tags)).toContain('edgecaster/daemon:stable-latest');
  });

  it('pulls an image, creates a container (restart always forcing 0 retries), starts, stops and deletes it', async () => {
    const pulled = await run('POST', '/docker/images', { repository: 'nginx', tag: '1.27' });
    expect(pulled.response.result).toEqual({ state: 'COMPLETE', message: 'Pulled nginx:1.27' });
    const image = await eventually(async () => (await images()).find((i) => i.tags.includes('nginx:1.27')));

    const created = await run('POST', '/docker/containers', {
      name: 'web1',
      image_id: image.id,
      restart_policy: { name: 'always', MaximumRetryCount: 5 },
      ports: [{ host_port: 8081, container_port: 80 }],
    });
    expect(created.response.result.state).toBe('COMPLETE');
    expect(simulated.docker.containers.find((c) => c.name === 'web1')?.manifest).toMatchObject({
      restart_policy: { name: 'always', MaximumRetryCount: 0 },
      ports: [{ host_port: 8081, container_port: 80, protocol: 'tcp' }],
    });
    const web = await eventually(async () => (await containers()).find((c) => c.name === 'web1'));
    expect(web.status).toBe('created');

    for (const [action, status] of [
      ['start', 'running'],
      ['stop', 'exited'],
    ] as const) {
      expect((await run('PUT', `/docker/containers/${web.id}`, { action })).response.result.state).toBe(
        'COMPLETE',
      );
      await eventually(async () => (await containers()).find((c) => c.id === web.id)?.status === status);
    }
    await run('DELETE', `/docker/containers/${web.id}`, { reason: 'done' });
    await eventually(async () => !(await containers()).some((c) => c.id === web.id));
  });

  it('answers a pull of an unknown repository with the device’s failure', async () => {
    const pulled = await run('POST', '/docker/images', { repository: 'nobody/nothing-here' });
    expect(pulled.response.result).toEqual({
      state: 'FAILED',
      message:
        "pull access denied for nobody/nothing-here, repository does not exist or may require 'docker login'",
    });
  });

  it('never stops, removes or reconfigures a protected container, nor deletes a protected image', async () => {
    const supervisor = (await containers()).find((c) => c.name === 'supervisor')!;
    for (const [method, url, payload] of [
      ['PUT', `/docker/containers/${supervisor.id}`, { action: 'stop' }],
      ['DELETE', `/docker/containers/${supervisor.id}`, { reason: 'x' }],
    ] as const) {
      const refused = await call(method, url, payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        message: 'This is a system container: it cannot be changed.',
        error_code: 'PROTECTED_CONTAINER',
      });
    }
    // Nor through the directory's uninstall.
    const uninstall = await call('DELETE', `/containers/${supervisor.id}`);
    expect(uninstall.statusCode).toBe(403);
    expect(uninstall.json().error_code).toBe('PROTECTED_CONTAINER');
    const daemon = (await images()).find((i) => i.tags.includes('edgecaster/daemon:stable-latest'))!;
    const image = await call('DELETE', `/docker/images/${encodeURIComponent(daemon.id)}`, { reason: 'x' });
    expect(image.statusCode).toBe(403);
    expect(image.json().error_code).toBe('PROTECTED_IMAGE');

    const set = await call('POST', '/shadows/commands', {
      command_type: 'set',
      commands: [
        {
          shadow_name: 'Containers',
          target_version: simulated.shadow('Containers').version,
          state: { containers: [{ id: supervisor.id, config: { level: 1 } }] },
        },
      ],
    });
    expect(set.statusCode).toBe(400);
    expect(set.json().message).toBe('This is a system container: it cannot be changed.');
    expect(simulated.docker.find(String(supervisor.id))?.status).toBe('running');
  });

  it('answers an unknown container 404, and a bad body 400 with the spec’s text', async () => {
    expect((await call('PUT', '/docker/containers/nope', { action: 'start' })).statusCode).toBe(404);
    const unknownSet = await call('POST', '/shadows/commands', {
      command_type: 'set',
      commands: [
        {
          shadow_name: 'Containers',
          target_version: simulated.shadow('Containers').version,
          state: { containers: [{ id: 'nope', config: {} }] },
        },
      ],
    });
    expect(unknownSet.statusCode).toBe(400);
    expect(unknownSet.json().message).toBe('The device has no container nope.');
    const cases: [string, object, string][] = [
      ['/docker/containers', { name: 'my web', image_id: 'x' }, 'Name may contain only letters and digits'],
      [
        '/docker/containers',
        { name: 'web', image_id: 'x', ports: [{ host_port: 80 }] },
        'Value must be a number',
      ],
      ['/docker/images', { repository: ' ' }, 'Repository is required'],
    ];
    for (const [url, payload, message] of cases) {
      const refused = await call('POST', url, payload);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().message, url).toContain(message);
    }
    const action = await call('PUT', '/docker/containers/x', { action: 'explode' });
    expect(action.statusCode).toBe(400);
  });

  it('needs services.docker.privileged for a privileged container unless the caller is a device admin', async () => {
    const refused = await call('POST', '/docker/containers', {
      name: 'priv',
      image_id: 'x',
      privileged: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'This device is not licensed for Privileged Containers.',
      error_code: 'NOT_ENTITLED',
    });
  });

  it('configures a container through the Containers shadow, which the device applies', async () => {
    const image = (await images()).find((i) => i.tags.includes('edgecaster/menu:stable-latest'))!;
    await run('POST', '/docker/containers', { name: 'configured', image_id: image.id });
    const container = await eventually(async () => (await containers()).find((c) => c.name === 'configured'));
    const set = await call('POST', '/shadows/commands', {
      command_type: 'set',
      commands: [
        {
          shadow_name: 'Containers',
          target_version: simulated.shadow('Containers').version,
          state: { containers: [{ id: container.id, config: { url: 'https://example.com' } }] },
        },
      ],
    });
    expect(set.statusCode, set.body).toBe(202);
    await eventually(async () =>
      (await containers()).some((c) => c.id === container.id && c.config?.url === 'https://example.com'),
    );
    expect(simulated.docker.find(container.id)?.config).toEqual({ url: 'https://example.com' });
  });

  it('refuses every docker call and a Containers set on a device without the Docker licence', async () => {
    const [unlicensed] = await provisionInto(t, orgGuid, 1, 'edgecaster');
    const headers = owner.headers(orgGuid);
    const url = `/v1/devices/${unlicensed!.device_guid}`;
    const attempts = [
      { method: 'GET', url: `${url}/docker/containers` },
      { method: 'GET', url: `${url}/docker/images` },
      { method: 'POST', url: `${url}/docker/images`, payload: { repository: 'nginx' } },
      { method: 'PUT', url: `${url}/docker/containers/c1`, payload: { action: 'start' } },
      {
        method: 'POST',
        url: `${url}/commands`,
        payload: { command: 'send_docker_logs', data: { session_id: randomUUID(), container_id: 'c1' } },
      },
    ] as const;
    for (const attempt of attempts) {
      const refused = await t.app.inject({ ...attempt, headers });
      expect(refused.statusCode, attempt.url).toBe(403);
      expect(refused.json(), attempt.url).toEqual({
        message: 'This device is not licensed for Containers.',
        error_code: 'NOT_ENTITLED',
      });
    }
    const set = await t.app.inject({
      method: 'POST',
      url: `${url}/shadows/commands`,
      headers,
      payload: {
        command_type: 'set',
        commands: [{ shadow_name: 'Containers', target_version: 1, state: { containers: [] } }],
      },
    });
    expect(set.statusCode).toBe(400);
    expect(set.json().message).toBe('This device is not licensed for Containers.');
  });
});

const isLogs = (event: LiveEvent): event is Extract<LiveEvent, { type: 'device.docker_logs' }> =>
  event.type === 'device.docker_logs';

describe('live container logs (spec 3 §4.4)', () => {
  it("relays a container's coloured lines to the socket following the session only", async () => {
    const cloud = (await containers()).find((c) => c.name === 'cloud')!;
    const sessionId = randomUUID();
    const hello = (subscriptions: string[]) => ({
      access_token: owner.token,
      org_guid: orgGuid,
      subscriptions,
    });
    const watcher = await openLive(
      baseUrl,
      hello([deviceSubscription(guid), dockerLogsSubscription(sessionId)]),
    );
    const otherSession = await openLive(baseUrl, hello([dockerLogsSubscription(randomUUID())]));
    const devicePage = await openLive(baseUrl, hello([deviceSubscription(guid)]));
    await Promise.all(
      [watcher, otherSession, devicePage].map((live) => live.waitFor((e) => e.type === 'ready')),
    );

    const sent = await call('POST', '/commands', {
      command: 'send_docker_logs',
      data: { session_id: sessionId, container_id: cloud.id, duration: 2 },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const first = await watcher.waitFor(isLogs);
    if (!isLogs(first)) throw new Error('not logs');
    expect(first).toMatchObject({ device_guid: guid, session_id: sessionId, container_id: cloud.id });
    expect(first.lines.length).toBeGreaterThan(0);
    expect(first.lines.join('\n')).toContain('\x1b[32mINFO');
    // The running container goes on writing while the session lasts.
    await watcher.waitFor(() => watcher.events.filter(isLogs).length >= 2);
    expect(otherSession.events.filter(isLogs)).toEqual([]);
    expect(devicePage.events.filter(isLogs)).toEqual([]);
    for (const live of [watcher, otherSession, devicePage]) live.close();
  });

  it('drops a log message that does not parse or is too large; the next good one still arrives', async () => {
    const [device] = await provisionInto(t, orgGuid, 1);
    const sessionId = randomUUID();
    const live = await openLive(baseUrl, {
      access_token: owner.token,
      org_guid: orgGuid,
      subscriptions: [dockerLogsSubscription(sessionId)],
    });
    await live.waitFor((e) => e.type === 'ready');
    const mqtt = await connectRawDevice(t, device!, { online: true });
    const topic = deviceTopics(device!.device_guid).dockerLogs;
    const message = (lines: string[]) => JSON.stringify({ session_id: sessionId, container_id: 'c1', lines });
    await mqtt.publishAsync(
      topic,
      JSON.stringify({ session_id: 'not a session', container_id: 'c1', lines: [] }),
    );
    await mqtt.publishAsync(
      topic,
      message(Array.from({ length: 40 }, () => 'x'.repeat(MAX_DOCKER_LOG_LINE))),
    );
    await mqtt.publishAsync(topic, message(['good']));
    const arrived = await live.waitFor(isLogs);
    expect(arrived).toMatchObject({ lines: ['good'] });
    expect(live.events.filter(isLogs)).toHaveLength(1);
    await mqtt.endAsync();
    live.close();
  });
});
