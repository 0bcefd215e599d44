import { ENCODER_REQUIRED_MESSAGE, OUTPUT_STATUSES } from '@ec/contract/shadow-documents/outputs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_ADMIN } from '../support/demo.ts';
import { demoOrgDevices } from '../support/demo-org.ts';
import { expectNoHorizontalScroll } from '../support/layout.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * The Outputs configuration tab (spec 3 §2.4, §4.1, §5) against a simulated encoder: a new RTMP
 * output is refused while enabled without an encoder, in the contract's words; created and saved, the
 * device applies it and reports its status; deleted and saved, it is gone from the device.
 */

/** The last online device: the other configuration specs change the first one. */
async function onlineDevice(request: APIRequestContext) {
  const device = (await demoOrgDevices(request)).findLast((candidate) => candidate.online);
  if (!device) throw new Error('the demo organization needs an online device');
  return device;
}

/** What a device reports for an output it runs, or failed to run (not 'Not Enabled'). */
const REPORTED_STATUS = new RegExp(
  Object.values(OUTPUT_STATUSES)
    .filter((status) => status.status_code !== null)
    .map((status) => status.status_message)
    .join('|'),
);

test('an RTMP output is created, applied with its status reported by the device, then deleted', async ({
  page,
  request,
}) => {
  const device = await onlineDevice(request);
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto(`/devices/${device.device_guid}/config/outputs`);

  await page.getByRole('button', { name: 'Create Output' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Output' });
  await dialog.getByRole('combobox', { name: 'Output Type' }).click();
  await page.getByRole('option', { name: 'RTMP', exact: true }).click();
  const name = `RTMP test ${Date.now() % 100_000}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('switch', { name: 'Enabled' }).check();
  await expect(dialog.getByText(ENCODER_REQUIRED_MESSAGE)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create Output' })).toBeDisabled();

  await dialog.getByRole('combobox', { name: 'Video Encoders' }).click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await expect(dialog.getByText(ENCODER_REQUIRED_MESSAGE)).toBeHidden();
  await dialog.getByLabel('RTMP URL').fill('rtmp://live.example.com/app/stream-key');
  await dialog.getByRole('button', { name: 'Create Output' }).click();
  await expect(dialog).toBeHidden();

  const table = page.getByRole('table', { name: 'Outputs' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('New');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/The device applied the configuration/)).toBeVisible();
  await expect(row).not.toContainText('New');
  await expect(row).toContainText(REPORTED_STATUS);

  await page.reload();
  await table.getByRole('button', { name }).click();
  const settings = page.getByRole('region', { name: `${name} settings` });
  await expect(settings.getByLabel('RTMP URL')).toHaveValue('rtmp://live.example.com/app/stream-key');
  await settings.getByRole('button', { name: 'Delete Output' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Output' });
  await expect(confirm.getByText('Are you sure you want to delete this output?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/The device applied the configuration/)).toBeVisible();

  await page.reload();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the outputs and an output editor fit the screen', async ({ page, request }) => {
    const device = await onlineDevice(request);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto(`/devices/${device.device_guid}/config/outputs`);
    const list = page.getByRole('list', { name: 'Outputs' }).or(page.getByRole('table', { name: 'Outputs' }));
    await list.getByRole('button').first().click();
    await expect(page.getByRole('region', { name: /settings$/ }).getByLabel('Name')).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
