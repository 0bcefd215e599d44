import type { ProvisionedDevice } from '@ec/contract/devices';
import type { DockerLogsMessage } from '@ec/contract/docker-logs';
import { describe, expect, it } from 'vitest';
import { type CommandHost, runDeviceCommand } from './device-commands.ts';
import { initialRuntime } from './device-runtime.ts';
import { DockerEngine, DockerLogSessions } from './docker-engine.ts';
import { initialShadows } from './initial-shadows.ts';

const device: ProvisionedDevice = {
  device_guid: '00000000-0000-4000-8000-000000000001',
  serial_number: '1000-0001',
  product_name: 'edgecaster',
  mac_address: '02:00:00:00:00:01',
  partner_id: null,
  mqtt_username: 'device',
  mqtt_password: 'secret',
};

const unused = () => Promise.reject(new Error('not part of a rest_direct command'));

/** A host for commands that only read the device's documents, with its Docker. */
type TestHost = CommandHost & { reports: number; progressSaid: string[]; logs: DockerLogsMessage[] };

function host(options: { dockerLicensed?: boolean } = {}): TestHost {
  const documents = initialShadows(device, '192.168.1.2');
  const docker = new DockerEngine(device.serial_number);
  const logs: DockerLogsMessage[] = [];
  const sessions = new DockerLogSessions({ engine: () => docker, publish: (message) => logs.push(message) });
  const self: TestHost = {
    reports: 0,
    progressSaid: [],
    logs,
    docker,
    dockerLicensed: () => options.dockerLicensed ?? true,
    licensedContainers: () => ['licensed-guid'],
    dockerChanged: async () => {
      self.reports += 1;
    },
    progress: async (message) => {
      self.progressSaid.push(message);
    },
    startDockerLogs: (request) => {
      const outcome = sessions.start(request);
      sessions.stop();
      return outcome;
    },
    product: device.product_name,
    runtime: initialRuntime(device),
    stepMs: 0,
    document: (name) => documents[name],
    publishState: unused,
    resetDocuments: unused,
    reboot: unused,
    restartAgent: unused,
    uploadLogs: unused,
    startInputPreview: () => undefined,
  };
  return self;
}

const run = (command: string, data: unknown) =>
  runDeviceCommand(host(), { command_guid: device.device_guid, command, data });

describe('rest_direct commands on the simulated encoder', () => {
  it('calls the local API v2 on port 2020 and completes with its answer', async () => {
    const outcome = await run('rest_direct_get', { rest_endpoint: ':2020/v2/system' });
    expect(outcome).toMatchObject({
      state: 'complete',
      message: 'HTTP 200 from port 2020',
      response: { status_code: 200, body: { system: expect.objectContaining({ ip_scheme: 'dhcp' }) } },
    });
  });

  it('completes with the status the API gave when it refuses the call', async () => {
    const outcome = await run('rest_direct_post', { rest_endpoint: ':2020/v2/system', body: { x: 1 } });
    expect(outcome).toMatchObject({ state: 'complete', response: { status_code: 405 } });
  });

  it('fails when nothing listens on the port', async () => {
    expect(await run('rest_direct_delete', { rest_endpoint: ':1323/v1/stop' })).toEqual({
      state: 'failed',
      message: 'Nothing is listening on port 1323 of the device',
    });
  });

  it('rejects a command without a usable endpoint', async () => {
    expect(await run('rest_direct_get', { rest_endpoint: '/v2/system' })).toEqual({
      state: 'rejected',
      message: 'The command needs a rest_endpoint such as ":2020/v2/system"',
    });
  });
});

describe('docker commands on the simulated encoder (spec 3 §4.4, §4.5, §6)', () => {
  const command = (h: CommandHost, name: string, data: unknown) =>
    runDeviceCommand(h, { command_guid: device.device_guid, command: name, data });

  it('pulls a known image with progress, creates, starts, pauses, resumes, stops and deletes a container', async () => {
    const h = host();
    const pulled = await command(h, 'docker_image_pull', {
      image: 'videonlabs/html5-graphics-renderer:latest',
    });
    expect(pulled).toMatchObject({ state: 'complete' });
    expect(h.progressSaid).toEqual(
      [25, 50, 75].map((p) => `Pulling videonlabs/html5-graphics-renderer:latest: ${p}%`),
    );
    const image = h.docker.images.find((i) => i.tags.includes('videonlabs/html5-graphics-renderer:latest'))!;
    expect(await command(h, 'docker_container_create', { name: 'HTML5', image_id: image.id })).toMatchObject({
      state: 'complete',
    });
    const created = h.docker.containers.find((c) => c.name === 'HTML5')!;
    expect(created.status).toBe('created');
    const act = (action: string) =>
      command(h, 'docker_container_action', { container_id: created.id, action });
    const steps: [string, string][] = [
      ['start', 'running'],
      ['pause', 'paused'],
      ['unpause', 'running'],
      ['restart', 'running'],
      ['kill', 'exited'],
      ['start', 'running'],
      ['stop', 'exited'],
    ];
    for (const [action, status] of steps) {
      expect((await act(action)).state, action).toBe('complete');
      expect(created.status, action).toBe(status);
    }
    expect(
      await command(h, 'docker_container_delete', { container_id: created.id, reason: 'done' }),
    ).toMatchObject({
      state: 'complete',
    });
    expect(h.docker.find(created.id)).toBeUndefined();
    expect(h.reports).toBe(10);
  });

  it('fails a pull of a repository no registry holds, and an ECR pull without the provider registry', async () => {
    const h = host();
    expect(await command(h, 'docker_image_pull', { image: 'nobody/nothing-here:latest' })).toEqual({
      state: 'failed',
      message:
        "pull access denied for nobody/nothing-here, repository does not exist or may require 'docker login'",
    });
    const ecr = '123456789012.dkr.ecr.us-east-1.amazonaws.com/app:1.0';
    expect((await command(h, 'docker_image_pull', { image: ecr })).state).toBe('failed');
    expect((await command(h, 'docker_image_pull', { image: ecr, provider_registry: true })).state).toBe(
      'complete',
    );
  });

  it('refuses what a status does not allow and never touches a protected container or image', async () => {
    const h = host();
    const supervisor = h.docker.containers.find((c) => c.name === 'supervisor')!;
    for (const action of ['stop', 'kill', 'pause', 'restart'])
      expect(await command(h, 'docker_container_action', { container_id: supervisor.id, action })).toEqual({
        state: 'failed',
        message: 'This is a system container: it cannot be changed.',
      });
    expect(supervisor.status).toBe('running');
    const daemonImage = h.docker.images.find((i) => i.tags.includes('edgecaster/daemon:stable-latest'))!;
    expect((await command(h, 'docker_image_delete', { image_id: daemonImage.id, reason: 'x' })).state).toBe(
      'failed',
    );
    await command(h, 'docker_image_pull', { image: 'nginx' });
    const nginx = h.docker.images.find((i) => i.tags.includes('nginx:latest'))!;
    await command(h, 'docker_container_create', { name: 'web', image_id: nginx.id });
    const web = h.docker.containers.find((c) => c.name === 'web')!;
    expect(
      await command(h, 'docker_container_action', { container_id: web.id, action: 'pause' }),
    ).toMatchObject({
      state: 'failed',
      message: 'Container web is not running',
    });
    await command(h, 'docker_container_action', { container_id: web.id, action: 'start' });
    expect((await command(h, 'docker_container_delete', { container_id: web.id, reason: 'x' })).state).toBe(
      'failed',
    );
    expect((await command(h, 'docker_image_delete', { image_id: nginx.id, reason: 'x' })).message).toBe(
      'The image is used by container web',
    );
  });

  it('answers send_docker_logs with the latest coloured lines on the session', async () => {
    const h = host();
    const cloud = h.docker.containers.find((c) => c.name === 'cloud')!;
    const sessionId = '6f1c2a4e-8b7d-4c3e-9f00-123456789abc';
    const outcome = await command(h, 'send_docker_logs', {
      session_id: sessionId,
      container_id: cloud.id,
      duration: 15,
      lines: 100,
    });
    expect(outcome).toMatchObject({ state: 'complete' });
    expect(h.logs).toHaveLength(1);
    expect(h.logs[0]).toMatchObject({ session_id: sessionId, container_id: cloud.id });
    expect(h.logs[0]!.lines.length).toBeGreaterThan(0);
    expect(h.logs[0]!.lines[0]).toContain('\x1b[3');
  });

  it('refuses every docker command without the Docker licence', async () => {
    const h = host({ dockerLicensed: false });
    expect(await command(h, 'docker_image_pull', { image: 'nginx' })).toEqual({
      state: 'rejected',
      message: 'Docker is not licensed on this device',
    });
    expect(h.docker.images.some((i) => i.tags.includes('nginx:latest'))).toBe(false);
  });
});

describe('directory installs on the simulated encoder', () => {
  const entry = (containerGuid: string, licensable: boolean) => ({
    container_guid: containerGuid,
    identifier: 'html5renderer',
    name: 'HTML5 Renderer',
    image_url: 'videonlabs/html5-graphics-renderer',
    manifest: { ports: [{ host_port: 1323, container_port: 1323, protocol: 'tcp' }] },
    company_name: 'Videon',
    description: 'Graphics',
    licensable,
  });
  const send = (h: CommandHost, command: string, data: unknown) =>
    runDeviceCommand(h, { command_guid: device.device_guid, command, data });

  it('pulls the image, creates and starts the container with its directory details, then uninstalls it', async () => {
    const h = host();
    expect(await send(h, 'install_container', entry('licensed-guid', true))).toMatchObject({
      state: 'complete',
    });
    const installed = h.docker.containers.find((c) => c.container_guid === 'licensed-guid');
    expect(installed).toMatchObject({ name: 'html5renderer', status: 'running', companyName: 'Videon' });
    expect(await send(h, 'uninstall_container', { container_id: 'licensed-guid' })).toMatchObject({
      state: 'complete',
    });
    expect(h.docker.containers.some((c) => c.container_guid === 'licensed-guid')).toBe(false);
  });

  it('refuses a licensable container the device is not licensed for', async () => {
    const h = host();
    expect(await send(h, 'install_container', entry('other-guid', true))).toEqual({
      state: 'rejected',
      message: 'HTML5 Renderer is not licensed on this device',
    });
  });
});
