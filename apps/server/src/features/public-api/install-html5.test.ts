import type { SimulatedDevice } from '@ec/simulator/simulated-device';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatedDevice } from '../../../test/devices-on-the-broker.ts';
import { createOrgWithOwner, eventually } from '../../../test/factories.ts';
import { licenseDockerOnBaseProfile } from '../../../test/licensing.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Videon's published install script (VideonLabs cloud-api-tools, `install_html5.py`, run with -p PAT
 * -d DEVICE) against this server: its call sequence through `videon_cloud_restful.py`'s docker helpers,
 * ported line for line (same paths, bodies and fields read; `Authorization: PAT <token>`; a base URL
 * ending in /v1/ joined to paths starting with a slash). A device whose HTML5 container already exists
 * has it killed and deleted first, as the script does.
 */

let t: TestApp;
let simulated: SimulatedDevice;
let api_url: string;
let pat: string;
let device_guid: string;

function requests(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, json?: unknown) {
  return fetch(url, {
    method,
    headers: {
      Authorization: `PAT ${token}`,
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
}

// videon_cloud_restful.py's docker helpers.
const get_docker_images = (cloud_api_url: string, token: string, device: string) =>
  requests('GET', `${cloud_api_url}/devices/${device}/docker/images`, token);
const get_docker_containers = (cloud_api_url: string, token: string, device: string) =>
  requests('GET', `${cloud_api_url}/devices/${device}/docker/containers`, token);
const pull_docker_image = (
  cloud_api_url: string,
  token: string,
  device: string,
  repository: string,
  tag: string,
  username: string,
  password: string,
) =>
  requests('POST', `${cloud_api_url}/devices/${device}/docker/images/`, token, {
    repository,
    tag,
    username,
    password,
  });
const create_docker_container = (
  cloud_api_url: string,
  token: string,
  device: string,
  container_name: string,
  image_id: string,
  restart_policy: unknown,
  environment_variables: unknown,
  volumes: unknown,
  ports: unknown,
) =>
  requests('POST', `${cloud_api_url}/devices/${device}/docker/containers/`, token, {
    name: container_name,
    image_id,
    restart_policy,
    environment: environment_variables,
    volumes,
    ports,
  });
const action_docker_container = (
  cloud_api_url: string,
  token: string,
  device: string,
  container_id: string,
  action: string,
) =>
  requests('PUT', `${cloud_api_url}/devices/${device}/docker/containers/${container_id}`, token, { action });
const delete_docker_container = (
  cloud_api_url: string,
  token: string,
  device: string,
  container_id: string,
  reason: string,
) =>
  requests('DELETE', `${cloud_api_url}/devices/${device}/docker/containers/${container_id}`, token, {
    reason,
  });
const get_device_command_result = (
  cloud_api_url: string,
  token: string,
  device: string,
  command_guid: string,
) => requests('GET', `${cloud_api_url}/devices/${device}/commands/${command_guid}`, token);

/** The script's `while command_result["command"]["finished"] == False:` loop (it does not sleep). */
async function untilFinished(command_guid: string) {
  let command_result = await (
    await get_device_command_result(api_url, pat, device_guid, command_guid)
  ).json();
  while (command_result.command.finished === false)
    command_result = await (await get_device_command_result(api_url, pat, device_guid, command_guid)).json();
  return command_result;
}

/** install_html5.py's module-level settings. */
const repository = 'videonlabs/html5-graphics-renderer:latest';
const tag = 'latest';
const container_name = 'HTML5';
const restart_policy = { name: 'always', MaximumRetryCount: 0 };
const env_vars: unknown[] = [];
const volumes = [
  { host_path: '/data/local/vl-html-file-overlay-app', container_path: '/app/persist', mode: 'rw' },
];
const ports = [{ host_port: 1323, container_port: 1323 }];
/** The script sleeps 5 s before each look at the Docker state; a tenth of that here. */
const time = { sleep: (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 100)) };

/** The script's run after its arguments are read: what it prints, in order. */
async function installHtml5() {
  const printed: string[] = [];
  const print = (line: string) => printed.push(line);
  print(`Pulling ${repository}`);
  const image_command_guid = (
    await (await pull_docker_image(api_url, pat, device_guid, repository, tag, '', '')).json()
  ).command_guid;
  let command_result = await untilFinished(image_command_guid);
  if (command_result.command.response.result.state !== 'COMPLETE') {
    print('Pulling image failed, please try again');
    return printed;
  }
  print(`Successfully pulled ${repository}`);
  let old_container_id = '';
  let create_command_guid = '';
  let image_found = false;
  while (!image_found) {
    await time.sleep(5);
    const images: { id: string; tags: string[] }[] = (
      await (await get_docker_images(api_url, pat, device_guid)).json()
    ).images;
    for (const image of images) {
      if (image.tags.length && image.tags[0] === repository) {
        image_found = true;
        const current_containers: { id: string; name: string }[] = (
          await (await get_docker_containers(api_url, pat, device_guid)).json()
        ).containers;
        for (const container of current_containers) {
          if (container.name === container_name) {
            old_container_id = container.id;
            const kill = await action_docker_container(api_url, pat, device_guid, old_container_id, 'kill');
            command_result = await untilFinished((await kill.json()).command_guid);
            print(
              command_result.command.response.result.state !== 'COMPLETE'
                ? `Killing old ${container_name} container failed, it may not be running, or please try again`
                : `Killed old ${container_name} container`,
            );
            const deleted = await delete_docker_container(
              api_url,
              pat,
              device_guid,
              container.id,
              'Deleting duplicate',
            );
            command_result = await untilFinished((await deleted.json()).command_guid);
            print(
              command_result.command.response.result.state !== 'COMPLETE'
                ? `Deleting old ${container_name} container failed, it may not exist, or please try again`
                : `Deleted old ${container_name} container.`,
            );
            break;
          }
        }
        print(`Attempting to create the ${container_name} container`);
        const created = await create_docker_container(
          api_url,
          pat,
          device_guid,
          container_name,
          image.id,
          restart_policy,
          env_vars,
          volumes,
          ports,
        );
        create_command_guid = (await created.json()).command_guid;
        break;
      }
    }
  }
  command_result = await untilFinished(create_command_guid);
  if (command_result.command.response.result.state !== 'COMPLETE') {
    print(`Creating ${container_name} container failed, please try again`);
    return printed;
  }
  print(`Created ${container_name} container. Waiting for Docker state to propagate...`);
  let action_command_guid = '';
  let container_found = false;
  while (!container_found) {
    const new_containers: { id: string; name: string }[] = (
      await (await get_docker_containers(api_url, pat, device_guid)).json()
    ).containers;
    for (const container of new_containers) {
      if (container.name === container_name && container.id !== old_container_id) {
        container_found = true;
        const started = await action_docker_container(api_url, pat, device_guid, container.id, 'start');
        action_command_guid = (await started.json()).command_guid;
        print('Attempting to start container');
        break;
      }
    }
    await time.sleep(5);
  }
  command_result = await untilFinished(action_command_guid);
  print(
    command_result.command.response.result.state !== 'COMPLETE'
      ? 'Starting container failed, please try again'
      : `${container_name} container started! Port config is ${JSON.stringify(ports[0])}`,
  );
  return printed;
}

beforeAll(async () => {
  t = await createTestApp();
  await licenseDockerOnBaseProfile(t);
  const { owner, orgGuid } = await createOrgWithOwner(t);
  simulated = await startSimulatedDevice(t, { orgGuid, product: 'edgecaster_max', commandStepMs: 10 });
  device_guid = simulated.device.device_guid;
  await eventually(async () => simulated.entitlements?.properties['services.docker.enabled'] === true);
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/pats',
    headers: owner.headers(),
    payload: { comment: 'install_html5.py' },
  });
  pat = created.json().token_value;
  api_url = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/v1/`;
});
afterAll(async () => {
  await simulated.stop();
  await t.close();
});

describe('install_html5.py against this server', () => {
  it('pulls the HTML5 image, creates its container and starts it', async () => {
    expect(await installHtml5()).toEqual([
      `Pulling ${repository}`,
      `Successfully pulled ${repository}`,
      'Attempting to create the HTML5 container',
      'Created HTML5 container. Waiting for Docker state to propagate...',
      'Attempting to start container',
      'HTML5 container started! Port config is {"host_port":1323,"container_port":1323}',
    ]);
    expect(simulated.docker.containers.find((c) => c.name === 'HTML5')).toMatchObject({
      status: 'running',
      image: repository,
      manifest: { restart_policy, ports: [{ host_port: 1323, container_port: 1323, protocol: 'tcp' }] },
    });
  });

  it('run again, kills and deletes the HTML5 container it made before, then installs a new one', async () => {
    const before = simulated.docker.containers.find((c) => c.name === 'HTML5')!;
    const printed = await installHtml5();
    expect(printed).toContain('Killed old HTML5 container');
    expect(printed).toContain('Deleted old HTML5 container.');
    expect(printed.at(-1)).toBe(
      'HTML5 container started! Port config is {"host_port":1323,"container_port":1323}',
    );
    const now = simulated.docker.containers.filter((c) => c.name === 'HTML5');
    expect(now).toHaveLength(1);
    expect(now[0]!.id).not.toBe(before.id);
  });
});
