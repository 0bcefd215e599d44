import {
  DATA_TYPE_LABELS,
  DATA_TYPES,
  ENCODER_STATUSES,
  NOT_CREATED,
} from '@ec/contract/shadow-documents/encoders';
import { minMessage } from '@ec/contract/shadow-documents/fields';
import { supportsFeature } from '@ec/contract/version-gates';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { demoOrgDevices, openAsDemoAdmin } from '../support/demo-org.ts';
import { expectNoHorizontalScroll } from '../support/layout.ts';

/**
 * The Inputs and Encoders configuration tabs (spec 3 §2.2-2.3, §4.1, §5) against a simulated encoder:
 * an input's settings are saved, applied and reported; one encoder of each type the Create dialog
 * offers is created in one working copy, applied by the device with its status; edited (an invalid
 * bitrate refused at its field in the contract's words, then reverted) and deleted, each step with one
 * Save.
 */
async function onlineDevice(request: APIRequestContext) {
  const device = (await demoOrgDevices(request)).find((candidate) => candidate.online);
  if (!device) throw new Error('the demo organization needs an online device');
  return device;
}

const shownVersion = async (page: Page) =>
  Number((await page.getByTestId('shadow-version').textContent())?.replace(/\D/g, ''));

/** Opens the first entry of the table (holding `rowText`) by its name's button; answers its name and form. */
async function openFirst(page: Page, table: string, rowText?: string) {
  const row = page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('button'), ...(rowText ? { hasText: rowText } : {}) })
    .first();
  const name = (await row.getByRole('button').first().textContent()) ?? '';
  await row.getByRole('button', { name }).click();
  return { name, form: page.getByRole('region', { name: `${name} settings` }) };
}

test("an input's name and rotation are saved, applied and reported", async ({ page, request }) => {
  const device = await onlineDevice(request);
  await openAsDemoAdmin(page, `/devices/${device.device_guid}/config/inputs`);

  const { form } = await openFirst(page, 'Inputs');
  const wanted = `Stage ${Date.now() % 100_000}`;
  await form.getByRole('combobox', { name: 'Video Rotation' }).click();
  await page.getByRole('option', { name: '180°' }).click();
  // The form's heading follows the name as it is typed.
  await form.getByLabel('Name').fill(wanted);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/The device applied the configuration/)).toBeVisible();

  await page.reload();
  await page.getByRole('table', { name: 'Inputs' }).getByRole('button', { name: wanted }).click();
  const saved = page.getByRole('region', { name: `${wanted} settings` });
  await expect(saved.getByLabel('Name')).toHaveValue(wanted);
  await expect(saved.getByRole('combobox', { name: 'Video Rotation' })).toHaveText('180°');
});

/**
 * What the Encoder Status column shows for an encoder the device runs or reports (spec 2 §4.3): its
 * resolution or channels at a bitrate, Active for a data encoder, or the device's status.
 */
const REPORTED_ENCODER_STATUS = new RegExp(
  `^(?:.+ @ \\d+ kbps|Active|${Object.values(ENCODER_STATUSES).join('|')})$`,
);

/** Saves the working copy and waits until the device has applied it as the next version. */
async function saveApplied(page: Page) {
  const version = await shownVersion(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText(`The device applied the configuration (version ${version + 1}).`),
  ).toBeVisible();
}

test('one encoder of each type the device may create is created, applied with its status, edited and deleted', async ({
  page,
  request,
}) => {
  // An Edgecaster Max: its licence leaves room for another video and audio encoder beside the demo's.
  const device = (await demoOrgDevices(request)).find(
    (candidate) => candidate.online && candidate.product_name === 'edgecaster_max',
  );
  if (!device) throw new Error('the demo organization needs an online Edgecaster Max');
  await openAsDemoAdmin(page, `/devices/${device.device_guid}/config/encoders`);

  // Create offers video and audio encoders, and data encoders (one of each data type here) from daemon
  // v10.1.0; never a sync group (spec 3 §2.3).
  const kinds: { type: string; dataType?: string }[] = [
    { type: 'Video Encoder' },
    { type: 'Audio Encoder' },
    ...(supportsFeature(device, 'dataEncoders')
      ? DATA_TYPES.map((dataType) => ({ type: 'Data Encoder', dataType: DATA_TYPE_LABELS[dataType] }))
      : []),
  ];
  const stamp = Date.now() % 100_000;
  const named = kinds.map((kind) => ({ ...kind, name: `${kind.dataType ?? kind.type} all ${stamp}` }));
  const dialog = page.getByRole('dialog', { name: 'Create Encoder' });
  for (const [index, { type, dataType, name }] of named.entries()) {
    await page.getByRole('button', { name: 'Create Encoder' }).click();
    await dialog.getByRole('combobox', { name: 'Encoder Type' }).click();
    if (index === 0)
      await expect(page.getByRole('option')).toHaveText([...new Set(kinds.map((kind) => kind.type))]);
    // Options are chosen by keyboard, as a keyboard user does: on a loaded machine a pointer click can
    // land while the menu is still being positioned, press on one spot and release on another, and
    // choose nothing (seen once in two runs of the three-lane suite).
    await page.getByRole('option', { name: type, exact: true }).press('Enter');
    if (dataType) {
      await dialog.getByRole('combobox', { name: 'Data Type' }).click();
      await page.getByRole('option', { name: dataType, exact: true }).press('Enter');
    }
    await expect(dialog.getByRole('combobox', { name: 'Encoder Type' })).toHaveText(type);
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  const table = page.getByRole('table', { name: 'Encoders' });
  const statusOf = (name: string) =>
    table.getByRole('row').filter({ hasText: name }).getByRole('cell').last();
  /** Opens an encoder's settings (its name's button toggles them). */
  const open = async (name: string) => {
    const button = table.getByRole('button', { name, exact: true });
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    return page.getByRole('region', { name: `${name} settings` });
  };
  for (const { name } of named) await expect(statusOf(name)).toHaveText(NOT_CREATED);
  await saveApplied(page);
  for (const { name } of named) await expect(statusOf(name)).toHaveText(REPORTED_ENCODER_STATUS);

  // An invalid bitrate blocks Save with its message; Revert returns to what the device has.
  const video = await open(named[0]!.name);
  const bitrate = video.getByLabel('Bitrate (kbps)');
  const applied = await bitrate.inputValue();
  await bitrate.fill('50');
  await expect(video.getByText(minMessage(100))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.getByRole('button', { name: 'Revert' }).click();
  await expect(bitrate).toHaveValue(applied);
  await expect(video.getByText(minMessage(100))).toBeHidden();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  const wanted = String(2000 + (Date.now() % 5000));
  await bitrate.fill(wanted);
  for (const { name } of named)
    await (await open(name)).getByLabel('Name', { exact: true }).fill(`${name} edited`);
  await saveApplied(page);
  await page.reload();
  await expect((await open(`${named[0]!.name} edited`)).getByLabel('Bitrate (kbps)')).toHaveValue(wanted);
  for (const { name } of named) await expect(statusOf(`${name} edited`)).toHaveText(REPORTED_ENCODER_STATUS);

  const confirm = page.getByRole('dialog', { name: 'Delete Encoder' });
  for (const { name } of named) {
    await (await open(`${name} edited`)).getByRole('button', { name: 'Delete Encoder' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
  }
  await saveApplied(page);
  await page.reload();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  for (const { name } of named) await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the encoder form fits the screen', async ({ page, request }) => {
    const device = await onlineDevice(request);
    await openAsDemoAdmin(page, `/devices/${device.device_guid}/config/encoders`);
    const list = page
      .getByRole('list', { name: 'Encoders' })
      .or(page.getByRole('table', { name: 'Encoders' }));
    await list.getByRole('button').first().click();
    await expect(page.getByRole('region', { name: /settings$/ }).getByLabel('Name')).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
