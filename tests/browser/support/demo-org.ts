import type { Device } from '@ec/contract/devices';
import { FORMAT_UNDEFINED } from '@ec/contract/shadow-documents/inputs';
import type { Shadow } from '@ec/contract/shadows';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { DEMO_ADMIN } from './demo.ts';
import { apiToken } from './people.ts';
import { openSignedIn } from './sign-in.ts';

/** The demo's admin and the organization it adopts its devices into (apps/server/src/demo/demo-seed.ts). */
export const DEMO_ADMIN_NAME = 'Demo Admin';
export const DEMO_ORG_NAME = 'Demo Broadcast Co.';

/** Every label a device's streaming status can show (@ec/contract/streaming-status). */
export const STREAMING_STATUS_LABEL =
  /^(Device Alerts|State Unknown|Unknown|Device Offline|Error Streaming|Not Streaming|Streaming|Not Configured)$/;

/** The headers of the demo admin's API calls in the demo organization (a token and x-org-guid). */
export async function demoOrgHeaders(request: APIRequestContext) {
  const headers = {
    authorization: `Bearer ${await apiToken(request, DEMO_ADMIN.email, DEMO_ADMIN.password)}`,
  };
  const orgs = await request.get('/v1/orgs', { headers, params: { org_name: DEMO_ORG_NAME } });
  expect(orgs.ok()).toBe(true);
  const { orgs: found } = (await orgs.json()) as { orgs: { org_guid: string; org_name: string }[] };
  const demo = found.find((org) => org.org_name === DEMO_ORG_NAME);
  if (!demo) throw new Error('the demo organization is missing');
  return { ...headers, 'x-org-guid': demo.org_guid };
}

/** The demo organization's devices as the API lists them now: names change when a test renames one. */
export async function demoOrgDevices(request: APIRequestContext): Promise<Device[]> {
  const devices = await request.get('/v1/devices', { headers: await demoOrgHeaders(request) });
  expect(devices.ok()).toBe(true);
  return ((await devices.json()) as { devices: Device[] }).devices;
}

/**
 * Once signed in, the demo admin lands on the dashboard, or on the organization selection when other
 * tests made it a member of more organizations: there `choose` picks the demo organization.
 */
export async function landInDemoOrg(page: Page, choose: (button: Locator) => Promise<void>) {
  await expect(page).toHaveURL(/\/(dashboard|auth\/organizations)/);
  if (/\/auth\/organizations/.test(page.url())) {
    // A table on wide screens, a list of cards on a phone.
    const table = page
      .getByRole('table', { name: 'Organizations' })
      .or(page.getByRole('list', { name: 'Organizations' }));
    await choose(
      table
        .getByRole('button', { name: `Select ${DEMO_ORG_NAME}`, exact: true })
        .or(table.getByRole('button', { name: `Current ${DEMO_ORG_NAME}`, exact: true })),
    );
  }
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Opens `path` as the demo admin in the demo organization, signed in through the API. */
export async function openAsDemoAdmin(page: Page, path: string) {
  await openSignedIn(page, DEMO_ADMIN, path, DEMO_ORG_NAME);
}

/** An online demo device and the name of an input of it that has a source. */
export async function demoDeviceWithSignal(request: APIRequestContext) {
  const headers = await demoOrgHeaders(request);
  for (const device of await demoOrgDevices(request)) {
    if (!device.online) continue;
    const answer = await request.get(`/v1/devices/${device.device_guid}/shadows`, {
      headers,
      params: { shadow_names: 'Inputs' },
    });
    const [inputs] = (await answer.json()).shadows as Shadow[];
    const entries = (inputs?.reported?.state?.inputs ?? []) as {
      video_input_format?: string;
      config: { name: string };
    }[];
    const live = entries.find(
      (entry) => entry.video_input_format && entry.video_input_format !== FORMAT_UNDEFINED,
    );
    if (live) return { device, inputName: live.config.name };
  }
  throw new Error('no online demo device has an input with a source');
}

/**
 * A demo device's name once the console has stored its System document: until then the API names it
 * by its serial (reports are stored as background work, after people's requests).
 */
export async function announcedDeviceName(request: APIRequestContext, deviceGuid: string) {
  let name = '';
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/v1/devices/${deviceGuid}`, {
          headers: await demoOrgHeaders(request),
        });
        const found = ((await answer.json()) as { device: Device }).device;
        name = found.device_name;
        return name !== found.serial_number;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return name;
}
