import { outputLimit } from '@ec/contract/entitlements/entitlement-gates';
import type { DeviceEntitlements } from '@ec/contract/entitlements/merge-entitlements';
import { IP_MESSAGE } from '@ec/contract/shadow-documents/fields';
import {
  OUTPUT_TYPE_LABELS,
  OUTPUT_TYPES,
  type OutputType,
} from '@ec/contract/shadow-documents/output-types';
import {
  ENCODER_REQUIRED_MESSAGE,
  ENCODER_REQUIRED_TYPES,
  OUTPUT_STATUSES,
} from '@ec/contract/shadow-documents/outputs';
import { XML_ACTIVE_MESSAGE } from '@ec/contract/shadow-documents/system';
import { isOutputTypeSupported } from '@ec/contract/version-gates';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolationsInBothThemes } from '../support/axe.ts';
import { demoOrgDevices, demoOrgHeaders, openAsDemoAdmin } from '../support/demo-org.ts';
import { expectNoHorizontalScroll } from '../support/layout.ts';
import { spareDevice } from '../support/spare-device.ts';

/**
 * The Outputs configuration tab (spec 3 §2.4, §4.1, §5) against a simulated encoder: the Create dialog
 * offers the types the device is licensed and new enough for; one output of each is created in one
 * working copy (an enabled output refused without an encoder, in the contract's words), saved once,
 * applied by the device with its status reported; each is edited and saved once (an invalid address
 * blocked at its field, then reverted), then all are deleted and saved once.
 */

/**
 * An online Edgecaster Max: its licence leaves room for one more output of each type beside those the
 * demo gives it (an Edgecaster is licensed for one RTSP and one thumbnail output, which it has).
 */
async function onlineDevice(request: APIRequestContext) {
  const device = (await demoOrgDevices(request)).findLast(
    (candidate) => candidate.online && candidate.product_name === 'edgecaster_max',
  );
  if (!device) throw new Error('the demo organization needs an online Edgecaster Max');
  return device;
}

/** The Output Status a device reports for an output it runs, or failed to run (not 'Not Enabled'). */
const REPORTED_STATUS = new RegExp(
  `^(?:${Object.values(OUTPUT_STATUSES)
    .filter((status) => status.status_code !== null)
    .map((status) => status.status_message)
    .join('|')})$`,
);

/** What each type needs beyond a name, Enabled and a video encoder to be created (spec 3 §5). */
const REQUIRED_SETTINGS: Record<OutputType, [label: string, value: string][]> = {
  unicast: [
    ['Destination IP', '10.20.30.40'],
    ['Destination Port', '5000'],
  ],
  multicast: [['Destination IP', '239.10.20.30']],
  rtmp: [['RTMP URL', 'rtmp://live.example.com/app/stream-key']],
  rtsp: [],
  http_push: [['Primary URL', 'https://ingest.example.com/live']],
  http_pull: [],
  srt: [
    ['Destination', 'srt.example.com'],
    ['Port', '9001'],
  ],
  zixi: [['Destination', 'zixi.example.com']],
  file: [],
  whip: [['WHIP URL', 'https://whip.example.com/publish']],
  thumbnail: [],
};

/** The output types the device's licence and software allow, as the contract judges them. */
async function creatableTypes(request: APIRequestContext, deviceGuid: string) {
  const headers = await demoOrgHeaders(request);
  const [device, entitlements] = await Promise.all([
    request.get(`/v1/devices/${deviceGuid}`, { headers }),
    request.get(`/v1/entitlements/devices/${deviceGuid}`, { headers }),
  ]);
  const { product_name, daemon_version, cloud_version } = (await device.json()).device;
  const { properties } = (await entitlements.json()) as DeviceEntitlements;
  const software = { product: product_name, daemonVersion: daemon_version, cloudVersion: cloud_version };
  return OUTPUT_TYPES.filter(
    (type) => outputLimit(properties, type) > 0 && isOutputTypeSupported(type, software),
  );
}

/**
 * Creates an enabled output of `type` named `name` through the Create dialog; with `refusal`, sees it
 * refused without a video encoder first.
 */
async function createOutput(page: Page, type: OutputType, name: string, refusal = false) {
  await page.getByRole('button', { name: 'Create Output' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Output' });
  await dialog.getByRole('combobox', { name: 'Output Type' }).click();
  await page.getByRole('option', { name: OUTPUT_TYPE_LABELS[type], exact: true }).click();
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('switch', { name: 'Enabled' }).check();
  if (refusal) {
    await expect(dialog.getByText(ENCODER_REQUIRED_MESSAGE)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Create Output' })).toBeDisabled();
  }
  await dialog.getByRole('combobox', { name: 'Video Encoders' }).click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  if (refusal) await expect(dialog.getByText(ENCODER_REQUIRED_MESSAGE)).toBeHidden();
  for (const [label, value] of REQUIRED_SETTINGS[type])
    await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: 'Create Output' }).click();
  await expect(dialog).toBeHidden();
}

/** Saves the working copy and waits until the device has applied it as the next version. */
async function saveApplied(page: Page) {
  const version = Number((await page.getByTestId('shadow-version').textContent())?.replace(/\D/g, ''));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText(`The device applied the configuration (version ${version + 1}).`),
  ).toBeVisible();
}

test('one output of each type the device may create is created, applied with its status, edited and deleted', async ({
  page,
  request,
}) => {
  // Nine dialogs, three saves: 52 s inside the whole suite on one machine (2026-11-28), past 120 s on a
  // slower one of the same kind (its CI run, ending in the last reload).
  test.setTimeout(180_000);
  const device = await onlineDevice(request);
  const types = await creatableTypes(request, device.device_guid);
  expect(types.length).toBeGreaterThan(0);
  await openAsDemoAdmin(page, `/devices/${device.device_guid}/config/outputs`);

  // The dialog offers exactly what the licence and the software allow (no Zixi nor WHIP on the demo's).
  await page.getByRole('button', { name: 'Create Output' }).click();
  await page
    .getByRole('dialog', { name: 'Create Output' })
    .getByRole('combobox', { name: 'Output Type' })
    .click();
  await expect(page.getByRole('option')).toHaveText(types.map((type) => OUTPUT_TYPE_LABELS[type]));
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Create Output' }).getByRole('button', { name: 'Cancel' }).click();

  const stamp = Date.now() % 100_000;
  const names = new Map(types.map((type) => [type, `${OUTPUT_TYPE_LABELS[type]} all ${stamp}`]));
  const table = page.getByRole('table', { name: 'Outputs' });
  const rowOf = (name: string) => table.getByRole('row').filter({ hasText: name });
  /** Opens an output's settings (its name's button toggles them). */
  const open = async (name: string) => {
    const button = table.getByRole('button', { name, exact: true });
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    return page.getByRole('region', { name: `${name} settings` });
  };
  const statusOf = (name: string) => rowOf(name).getByRole('cell').last();
  // An enabled output that streams an encoder is refused without one, in the contract's words.
  const refused = types.find((type) => ENCODER_REQUIRED_TYPES.includes(type));
  for (const [type, name] of names) await createOutput(page, type, name, type === refused);
  for (const name of names.values()) await expect(rowOf(name)).toContainText('New');
  await saveApplied(page);
  // A new row shows no device status; each now shows the one the device reports.
  for (const name of names.values()) await expect(statusOf(name)).toHaveText(REPORTED_STATUS);

  // An invalid address is blocked at its field, and Revert returns to what the device has.
  const unicast = names.get('unicast');
  if (unicast) {
    const settings = await open(unicast);
    await settings.getByLabel('Destination IP').fill('10.20.30');
    await expect(settings.getByText(IP_MESSAGE)).toBeVisible();
    await expect(rowOf(unicast)).toContainText('Has errors');
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await page.getByRole('button', { name: 'Revert' }).click();
    await open(unicast);
    await expect(settings.getByLabel('Destination IP')).toHaveValue('10.20.30.40');
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  }

  const edited = new Map([...names].map(([type, name]) => [type, `${name} edited`]));
  for (const [type, name] of names) {
    await (await open(name)).getByLabel('Name', { exact: true }).fill(edited.get(type)!);
  }
  await saveApplied(page);
  await page.reload();
  for (const name of edited.values()) await expect(statusOf(name)).toHaveText(REPORTED_STATUS);

  const confirm = page.getByRole('dialog', { name: 'Delete Output' });
  for (const name of edited.values()) {
    await (await open(name)).getByRole('button', { name: 'Delete Output' }).click();
    await expect(confirm).toContainText('Are you sure you want to delete this output?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
  }
  await saveApplied(page);
  await page.reload();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  for (const name of edited.values()) await expect(rowOf(name)).toHaveCount(0);
});

test('an active XML configuration leaves the outputs read-only, in the spec’s words (spec 3 §2.1, §6)', async ({
  page,
  request,
}) => {
  const spare = await spareDevice(request);
  try {
    await openAsDemoAdmin(page, `/devices/${spare.device.device_guid}/config/system`);
    await page.getByRole('switch', { name: 'Enable XML Configuration' }).check();
    await page.getByLabel('URL', { exact: true }).fill('http://config.example.com/encoder.xml');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/^The device applied the configuration/)).toBeVisible();

    await page.goto(`/devices/${spare.device.device_guid}/config/outputs`);
    await expect(page.getByText(XML_ACTIVE_MESSAGE)).toBeVisible();
    for (const name of ['Create Output', 'Revert', 'Save'])
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    expect(await seriousViolationsInBothThemes(page)).toEqual([]);
    const table = page.getByRole('table', { name: 'Outputs' });
    await table.getByRole('row').nth(1).getByRole('button').first().click();
    const settings = page.getByRole('region', { name: /settings$/ });
    await expect(settings.getByLabel('Name', { exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Delete Output' })).toHaveCount(0);
  } finally {
    await spare.release();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the outputs and an output editor fit the screen', async ({ page, request }) => {
    const device = await onlineDevice(request);
    await openAsDemoAdmin(page, `/devices/${device.device_guid}/config/outputs`);
    const list = page.getByRole('list', { name: 'Outputs' }).or(page.getByRole('table', { name: 'Outputs' }));
    await list.getByRole('button').first().click();
    await expect(page.getByRole('region', { name: /settings$/ }).getByLabel('Name')).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
