import { ACCESS } from '@ec/contract/access';
import { DEVICE_PAGE_SIZE } from '@ec/contract/devices';
import { ORG_PAGE_SIZE } from '@ec/contract/orgs';
import type { SimulatedDevice } from '@ec/simulator/simulated-device';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatedDevice } from '../../../test/devices-on-the-broker.ts';
import { createOrgWithOwner, eventually, provisionInto, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { devicesRepository } from '../../device-core/devices/devices.repository.ts';
import { orgsRepository } from '../orgs/orgs.repository.ts';

/**
 * The published Python client of the API (VideonLabs cloud-api-tools, `videon_cloud_restful.py`)
 * against this server, unchanged but for its base URL. Each helper below is one of its functions,
 * named as there and ported line for line: the same requests (`Authorization: PAT <token>`, a base
 * URL ending in `/v1/` and so its trailing and doubled slashes, its query parameters) and the same
 * fields read. A change of path, scheme or answer shape that would break the script fails here.
 */

let t: TestApp;
let owner: TestUser;
let orgGuid: string;
let simulated: SimulatedDevice;
let deviceGuid: string;
/** The script's `cloud_api_url`. */
let cloudApiUrl: string;
/** The token a user of the script pastes in. */
let scriptToken: string;

/** What `requests` sends for the script's arguments: `params` as the query string, `json` as the body. */
function send(
  method: 'GET' | 'POST',
  url: string,
  pat: string,
  options: { params?: Record<string, string>; json?: unknown } = {},
) {
  const query = options.params ? `?${new URLSearchParams(options.params)}` : '';
  return fetch(`${url}${query}`, {
    method,
    headers: {
      Authorization: `PAT ${pat}`,
      ...(options.json === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
}

/** The script's `sys.exit("Status code = ...\nMessage = ...")` on an answer other than 200. */
async function exitUnlessOk(r: Response) {
  if (r.status !== 200) throw new Error(`Status code = ${r.status}\nMessage = ${(await r.json()).message}`);
}

/** The script's `sys.exit("status code = ...")` on an answer other than 200 or 202. */
function exitUnlessAccepted(r: Response) {
  if (r.status !== 200 && r.status !== 202) throw new Error(`status code = ${r.status}`);
}

// The script's endpoints.
const cloud_personal_access_token_endpoint = 'pats/';
const cloud_orgs_endpoint = 'orgs/';
const cloud_devices_endpoint = 'devices/';
const cloud_shadow_endpoint = '/shadows/';
const cloud_shadow_command_endpoint = '/shadows/commands/';
const system_shadow = 'System';
/** The script sleeps a second before each poll of a shadow command. */
const SCRIPT_POLL_MS = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function get_token_expiration(cloud_api_url: string, token: string) {
  const r = await send('GET', cloud_api_url + cloud_personal_access_token_endpoint, token);
  await exitUnlessOk(r);
  const tokens: { token_prefix: string; token_guid: string }[] = (await r.json()).personal_access_tokens;
  for (const token_found of tokens) {
    if (token_found.token_prefix === token.slice(0, 5)) {
      return send(
        'GET',
        cloud_api_url + cloud_personal_access_token_endpoint + token_found.token_guid,
        token,
      );
    }
  }
  return 'Token not found';
}

async function get_organizations(cloud_api_url: string, token: string) {
  let r = await send('GET', cloud_api_url + cloud_orgs_endpoint, token);
  await exitUnlessOk(r);
  let body = await r.json();
  const orgs: { org_name: string; org_guid: string }[] = body.orgs;
  let pagination_token: string | null = body.pagination_token;
  /** How many requests the paging took: the script's loop, counted to show that it pages. */
  let pages = 1;
  while (pagination_token) {
    r = await send('GET', cloud_api_url + cloud_orgs_endpoint, token, { params: { pagination_token } });
    await exitUnlessOk(r);
    body = await r.json();
    orgs.push(...body.orgs);
    pagination_token = body.pagination_token;
    pages += 1;
  }
  return { orgs, pages };
}

async function get_devices(cloud_api_url: string, token: string, org_guid: string) {
  let r = await send('GET', cloud_api_url + cloud_devices_endpoint, token, { params: { org_guid } });
  await exitUnlessOk(r);
  let body = await r.json();
  const devices: { serial_number: string; device_guid: string }[] = body.devices;
  let pagination_token: string | null = body.pagination_token;
  let pages = 1;
  while (pagination_token) {
    r = await send('GET', cloud_api_url + cloud_devices_endpoint, token, {
      params: { org_guid, pagination_token },
    });
    await exitUnlessOk(r);
    body = await r.json();
    devices.push(...body.devices);
    pagination_token = body.pagination_token;
    pages += 1;
  }
  return { devices, pages };
}

interface ScriptShadow {
  reported: { current_version: number; state: { config: Record<string, unknown> } };
}

async function send_device_shadows_get(cloud_api_url: string, token: string, device_guid: string) {
  const r = await send(
    'GET',
    cloud_api_url + cloud_devices_endpoint + device_guid + cloud_shadow_endpoint,
    token,
  );
  exitUnlessAccepted(r);
  return (await r.json()).shadows as (ScriptShadow & { shadow_name: string })[];
}

async function send_shadow_get(
  cloud_api_url: string,
  token: string,
  device_guid: string,
  shadow_name: string,
) {
  const data = { shadow_names: shadow_name };
  const r = await send(
    'GET',
    cloud_api_url + cloud_devices_endpoint + device_guid + cloud_shadow_endpoint,
    token,
    { params: data },
  );
  exitUnlessAccepted(r);
  return (await r.json()).shadows as ScriptShadow[];
}

/**
 * The script's own `send_shadow_set` calls `send_shadow_get` without the base URL (a TypeError in
 * Python) and its `while True & retries < 5` never stops on the count; ported as meant: the current
 * version first, then five polls a second apart.
 */
async function send_shadow_set(
  cloud_api_url: string,
  token: string,
  device_guid: string,
  shadow_name: string,
  settings_json: unknown,
) {
  const state = await send_shadow_get(cloud_api_url, token, device_guid, shadow_name);
  const data = {
    command_type: 'set',
    commands: [{ shadow_name, target_version: state[0]?.reported.current_version, state: settings_json }],
  };
  const r = await send(
    'POST',
    cloud_api_url + cloud_devices_endpoint + device_guid + cloud_shadow_command_endpoint,
    token,
    { json: data },
  );
  if (r.status !== 200 && r.status !== 202) return r.json();
  const command_guid: string = (await r.json()).commands[0].command_guid;
  let result: { command: { finished: boolean } } | undefined;
  for (let retries = 0; retries < 5; retries += 1) {
    await sleep(SCRIPT_POLL_MS);
    const polled = await send(
      'GET',
      cloud_api_url + cloud_devices_endpoint + device_guid + cloud_shadow_command_endpoint + command_guid,
      token,
    );
    result = await polled.json();
    if (result?.command.finished === true) break;
  }
  return result;
}

async function get_system_properties(cloud_api_url: string, token: string, device_guid: string) {
  const result = await send_shadow_get(cloud_api_url, token, device_guid, system_shadow);
  return result[0]?.reported.state;
}

function send_device_command_simple(
  cloud_api_url: string,
  token: string,
  device_guid: string,
  command: string,
) {
  const data = { command };
  return send('POST', `${cloud_api_url}/devices/${device_guid}/commands/`, token, { json: data });
}

function get_device_command_result(
  cloud_api_url: string,
  token: string,
  device_guid: string,
  command_guid: string,
) {
  return send('GET', `${cloud_api_url}/devices/${device_guid}/commands/${command_guid}`, token);
}

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, orgGuid } = await createOrgWithOwner(t, { orgName: 'AAA Script fleet' }));
  // One organization and one device more than a page, so that both lists need the script's paging.
  const orgs = orgsRepository(t.db);
  for (let i = 0; i < ORG_PAGE_SIZE; i += 1) await orgs.create(`Org ${i}`, owner.userGuid, ACCESS.admin);
  await provisionInto(t, orgGuid, DEVICE_PAGE_SIZE);
  simulated = await startSimulatedDevice(t, { orgGuid, rebootDelayMs: 50 });
  deviceGuid = simulated.device.device_guid;

  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/pats',
    headers: owner.headers(),
    payload: { comment: 'videon_cloud_restful.py' },
  });
  expect(created.statusCode).toBe(201);
  scriptToken = created.json().token_value;
  cloudApiUrl = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/v1/`;
});
afterAll(async () => {
  await simulated.stop();
  await t.close();
});

describe('videon_cloud_restful.py against this server', () => {
  it('get_token_expiration: finds its token in the list by prefix and reads it by guid', async () => {
    const res = await get_token_expiration(cloudApiUrl, scriptToken);
    if (typeof res === 'string') throw new Error(res);
    expect(res.status).toBe(200);
    const found = await res.json();
    expect(found).toMatchObject({
      token_guid: expect.any(String),
      token_prefix: scriptToken.slice(0, 5),
      expires: expect.any(String),
    });
    expect(Date.parse(found.expires)).toBeGreaterThan(Date.now());
  });

  it('get_organizations: pages through every organization of the token owner', async () => {
    const { orgs, pages } = await get_organizations(cloudApiUrl, scriptToken);
    expect(pages).toBe(2);
    expect(orgs).toHaveLength(ORG_PAGE_SIZE + 1);
    expect(new Set(orgs.map((org) => org.org_guid)).size).toBe(ORG_PAGE_SIZE + 1);
    expect(orgs[0]).toMatchObject({ org_name: 'AAA Script fleet', org_guid: orgGuid });
  });

  it('get_devices: pages through the devices of the organization given as org_guid', async () => {
    const { devices, pages } = await get_devices(cloudApiUrl, scriptToken, orgGuid);
    expect(pages).toBe(2);
    expect(devices).toHaveLength(DEVICE_PAGE_SIZE + 1);
    expect(devices.map((device) => device.device_guid)).toContain(deviceGuid);
    const simulatedRow = devices.find((device) => device.device_guid === deviceGuid);
    expect(simulatedRow?.serial_number).toBe(simulated.device.serial_number);
  });

  it('send_device_shadows_get and send_shadow_get: the reported documents, all or one by name', async () => {
    const shadows = await eventually(async () => {
      const all = await send_device_shadows_get(cloudApiUrl, scriptToken, deviceGuid);
      return all.length === 6 && all;
    });
    expect(shadows.map((shadow) => shadow.shadow_name)).toContain(system_shadow);

    const system = await send_shadow_get(cloudApiUrl, scriptToken, deviceGuid, system_shadow);
    expect(system).toHaveLength(1);
    expect(system[0]?.reported.current_version).toEqual(expect.any(Number));
    expect((await get_system_properties(cloudApiUrl, scriptToken, deviceGuid))?.config).toMatchObject({
      device_name: expect.any(String),
    });
  });

  it('send_shadow_set: posts to /shadows/commands/ and polls the command until it is finished', async () => {
    const before = await get_system_properties(cloudApiUrl, scriptToken, deviceGuid);
    const settings = { config: { ...before?.config, device_name: 'Renamed by a script' } };
    const result = await send_shadow_set(cloudApiUrl, scriptToken, deviceGuid, system_shadow, settings);
    expect(result?.command).toMatchObject({ finished: true, command_state: 'succeeded' });
    expect((await get_system_properties(cloudApiUrl, scriptToken, deviceGuid))?.config.device_name).toBe(
      'Renamed by a script',
    );
  });

  it('send_device_command_simple and get_device_command_result: reboot_device through /v1//devices/', async () => {
    const sent = await send_device_command_simple(cloudApiUrl, scriptToken, deviceGuid, 'reboot_device');
    expect(sent.status).toBe(202);
    const { command_guid } = await sent.json();
    expect(command_guid).toEqual(expect.any(String));

    const { command } = await eventually(async () => {
      const polled = await get_device_command_result(cloudApiUrl, scriptToken, deviceGuid, command_guid);
      expect(polled.status).toBe(200);
      const answer = await polled.json();
      return answer.command.finished && answer;
    });
    expect(command.response.result.state).toBe('COMPLETE');
    // The device comes back from its reboot before the next test sends it anything.
    await eventually(() => devicesRepository(t.db).isOnline(deviceGuid));
  });

  it("prints the server's message when a call is refused", async () => {
    await expect(get_organizations(cloudApiUrl, 'not-a-token-of-this-server')).rejects.toThrow(
      /^Status code = 403\nMessage = \S+/,
    );
  });
});

describe('device REST passthrough (rest_direct_get, rest_direct_post, rest_direct_delete)', () => {
  /** The script's rest_direct_get, _post and _delete: no trailing slash after `commands` here. */
  const rest_direct =
    (command: string) => (cloud_api_url: string, token: string, device_guid: string, rest_endpoint: string) =>
      send('POST', `${cloud_api_url}/devices/${device_guid}/commands`, token, {
        json: { command, rest_endpoint },
      });
  const rest_direct_get = rest_direct('rest_direct_get');
  const rest_direct_post = rest_direct('rest_direct_post');
  const rest_direct_delete = rest_direct('rest_direct_delete');

  /** remote_set_html5_url.py's loop: poll get_device_command_result until `command.finished`. */
  async function untilFinished(command_guid: string) {
    return eventually(async () => {
      const polled = await get_device_command_result(cloudApiUrl, scriptToken, deviceGuid, command_guid);
      const command_result = await polled.json();
      return command_result.command.finished === true && command_result.command;
    });
  }

  it("rest_direct_get: the device's local API v2 answers with its status and body", async () => {
    await eventually(() => devicesRepository(t.db).isOnline(deviceGuid));
    const sent = await rest_direct_get(cloudApiUrl, scriptToken, deviceGuid, ':2020/v2/system');
    const { command_guid } = await sent.json();
    const command = await untilFinished(command_guid);
    expect(command.response.result.state).toBe('COMPLETE');
    expect(command.response.status_code).toBe(200);
    expect(command.response.body.system).toMatchObject({ device_name: expect.any(String) });
  });

  it('rest_direct_delete and rest_direct_post: remote_set_html5_url.py on a device without the HTML5 container', async () => {
    const html5_url = 'https://graphics.example.com/overlay?team=home';
    const stop = await rest_direct_delete(cloudApiUrl, scriptToken, deviceGuid, ':1323/v1/stop');
    const stopped = await untilFinished((await stop.json()).command_guid);
    // Nothing listens on the container's port: the command finishes, failed, and says why.
    expect(stopped.response.result).toMatchObject({
      state: 'FAILED',
      message: expect.stringContaining('1323'),
    });

    const start = await rest_direct_post(
      cloudApiUrl,
      scriptToken,
      deviceGuid,
      `:1323/v1/start?url=${encodeURIComponent(html5_url)}&fps=2`,
    );
    const started = await untilFinished((await start.json()).command_guid);
    expect(started).toMatchObject({ command: 'rest_direct_post', finished: true });
    expect(started.response.result.state).toBe('FAILED');
  });
});

describe('what else the script relies on', () => {
  it('org_guid is taken on the device calls that the organization header may scope', async () => {
    const query = `?org_guid=${orgGuid}`;
    const shadows = await send('GET', `${cloudApiUrl}devices/${deviceGuid}/shadows/${query}`, scriptToken);
    expect(shadows.status).toBe(200);
    const status = await send('GET', `${cloudApiUrl}devices/status/${query}`, scriptToken);
    expect(status.status).toBe(200);
    const sent = await send(
      'POST',
      `${cloudApiUrl}devices/${deviceGuid}/shadows/commands/${query}`,
      scriptToken,
      {
        json: { command_type: 'get', commands: [{ shadow_name: system_shadow }] },
      },
    );
    expect(sent.status).toBe(202);
    const commandGuid = (await sent.json()).commands[0].command_guid;
    const polled = await send(
      'GET',
      `${cloudApiUrl}devices/${deviceGuid}/shadows/commands/${commandGuid}${query}`,
      scriptToken,
    );
    expect(polled.status).toBe(200);
  });

  it('/v1/orgs/ is the list, never one organization with an empty guid', async () => {
    for (const path of ['orgs/', 'orgs//', '/orgs/']) {
      const r = await send('GET', cloudApiUrl + path, scriptToken);
      expect(r.status, path).toBe(200);
      expect((await r.json()).orgs, path).toEqual(expect.any(Array));
    }
  });

  it('shows the API reference at /v1/openapi/html as at /v1/docs', async () => {
    const docs = await fetch(`${cloudApiUrl}docs`);
    const reference = await fetch(`${cloudApiUrl}openapi/html`);
    expect(reference.status).toBe(200);
    expect(reference.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await reference.text()).toBe(await docs.text());
  });
});
