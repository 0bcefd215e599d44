import { SHADOW_COMMAND_TIMEOUT_MS } from '@ec/contract/shadows';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../support/demo.ts';
import { signIn } from '../support/sign-in.ts';
import { spareDevice } from '../support/spare-device.ts';

/**
 * A save the device does not acknowledge (spec 3 §4.2 step 7), on a device of the spec's own: offline,
 * the console says the configuration will be applied once the device is back, and it is; online but
 * silent, the console says the device did not acknowledge the request in time. The page's clock is
 * moved past the command's polling window instead of waiting for it.
 */
const OFFLINE_MESSAGE = 'The updated configuration will be applied once the device comes online again...';
const NOT_ACKNOWLEDGED = `The device did not acknowledge the request within ${SHADOW_COMMAND_TIMEOUT_MS / 1000} seconds...`;

/** Renames the device on its System tab and saves; answers the new name. */
async function renameAndSave(page: Page, deviceGuid: string) {
  await page.goto(`/devices/${deviceGuid}/config/system`);
  const deviceName = page.getByLabel('Device Name');
  await expect(deviceName).toBeEditable();
  const wanted = `Unanswered ${Date.now() % 100_000}`;
  await deviceName.fill(wanted);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes sent. Waiting for the device to acknowledge them...')).toBeVisible();
  return wanted;
}

/** Moves the page's clock past the polling window until `message` shows (the first move may come before the wait is set). */
async function outwait(page: Page, message: string) {
  await expect(async () => {
    await page.clock.fastForward(SHADOW_COMMAND_TIMEOUT_MS);
    await expect(page.getByText(message, { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass();
}

test('a save to an offline device says it will be applied once the device is back, and it is', async ({
  page,
  request,
}) => {
  const spare = await spareDevice(request);
  try {
    await spare.goOffline();
    await page.clock.install();
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const wanted = await renameAndSave(page, spare.device.device_guid);
    await outwait(page, OFFLINE_MESSAGE);
    await expect(page.getByText(NOT_ACKNOWLEDGED)).toBeHidden();

    await spare.comeBack();
    // A reload shows what the device reports now; the page itself may take seconds on a busy machine.
    await expect(async () => {
      await page.reload();
      await expect(page.getByLabel('Device Name')).toHaveValue(wanted, { timeout: 5000 });
    }).toPass();
  } finally {
    await spare.release();
  }
});

test('a save to an online device that never answers says it was not acknowledged', async ({
  page,
  request,
}) => {
  const spare = await spareDevice(request);
  try {
    await spare.goSilent();
    await page.clock.install();
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await renameAndSave(page, spare.device.device_guid);
    await outwait(page, NOT_ACKNOWLEDGED);
    await expect(page.getByText(OFFLINE_MESSAGE)).toBeHidden();
    // The form is usable again: the edit is still there to save later or revert.
    await expect(page.getByLabel('Device Name')).toBeEditable();
  } finally {
    await spare.release();
  }
});
