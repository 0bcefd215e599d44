import { LATEST_RELEASES, SYSTEM_REBOOTING } from '@ec/contract/device-updates';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolationsInBothThemes } from '../support/axe.ts';
import { openAsDemoAdmin } from '../support/demo-org.ts';
import { expectNoHorizontalScroll } from '../support/layout.ts';
import { spareDevice } from '../support/spare-device.ts';

/**
 * Firmware and cloud agent updates (spec 2 §4.6) on spare simulated encoders that download in short
 * steps and reboot quickly: an Edgecaster updates its firmware (Updating..., Reboot to update, a reboot,
 * the new version) and its cloud agent; an Edgecaster Max checks for, downloads (with its progress bar)
 * and applies a system update, and reboots on it. No serious axe finding in the Updates section in
 * either theme, nor a horizontal scroll on a 390 px phone.
 */

const PACE = { commandStepMs: 500, rebootDelayMs: 2500 };

async function openDevicePage(page: Page, deviceGuid: string) {
  await openAsDemoAdmin(page, `/devices/${deviceGuid}`);
  await expect(page.getByRole('button', { name: 'Commands' })).toBeVisible();
}

const firmwareChip = (page: Page) => page.getByText(/^Firmware: /);
const updates = (page: Page) => page.getByRole('region', { name: 'Updates' });
const part = (page: Page, name: 'Firmware' | 'Cloud Agent') => updates(page).getByRole('region', { name });

test('an Edgecaster updates its firmware, reboots on it, and updates its cloud agent', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const spare = await spareDevice(request, 'edgecaster', PACE);
  try {
    await openDevicePage(page, spare.device.device_guid);
    await expect(firmwareChip(page)).toHaveText('Firmware: v10.5.2');
    const firmware = part(page, 'Firmware');
    await expect(firmware.getByText(LATEST_RELEASES.firmware.edgecaster)).toBeVisible();
    expect(await seriousViolationsInBothThemes(page, 'section[aria-label="Updates"]')).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });

    await firmware.getByRole('button', { name: 'Update Firmware' }).click();
    await expect(firmwareChip(page)).toHaveText('Firmware: Updating...');
    await expect(updates(page).getByText('Update Command Accepted')).toBeVisible();
    await expect(
      part(page, 'Cloud Agent').getByRole('button', { name: 'Update Cloud Agent' }),
    ).toBeDisabled();
    await expect(firmwareChip(page)).toHaveText('Firmware: Reboot to update');
    await expect(
      updates(page).getByText(`Update ${LATEST_RELEASES.firmware.edgecaster} downloaded`),
    ).toBeVisible();

    // The reboot from the Commands menu installs the downloaded firmware.
    await page.getByRole('button', { name: 'Commands' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Reboot' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Reboot' });
    await dialog.getByLabel('Type CONFIRM').fill('CONFIRM');
    await dialog.getByRole('button', { name: 'Reboot' }).click();
    await expect(dialog.getByText('The device is rebooting...')).toBeVisible();
    await dialog
      .getByRole('button', { name: /^(Close|Cancel)$/ })
      .first()
      .click();
    await expect(firmwareChip(page)).toHaveText(`Firmware: ${LATEST_RELEASES.firmware.edgecaster}`, {
      timeout: 30_000,
    });
    await expect(firmware.getByText('Up to date')).toBeVisible();

    const cloud = part(page, 'Cloud Agent');
    await cloud.getByRole('button', { name: 'Update Cloud Agent' }).click();
    await expect(updates(page).getByText('Cloud agent updating')).toBeVisible();
    await expect(cloud.getByText(LATEST_RELEASES.cloud)).toBeVisible({ timeout: 20_000 });
    await expect(cloud.getByText('Up to date')).toBeVisible({ timeout: 20_000 });
    await expect(cloud.getByRole('button', { name: 'Update Cloud Agent' })).toBeHidden();
  } finally {
    await spare.release();
  }
});

test('an Edgecaster Max checks for, downloads and applies a system update', async ({ page, request }) => {
  test.setTimeout(90_000);
  const spare = await spareDevice(request, 'edgecaster_max', PACE);
  try {
    await openDevicePage(page, spare.device.device_guid);
    const firmware = part(page, 'Firmware');
    await expect(firmwareChip(page)).toHaveText('Firmware: v11.2.1');

    await firmware.getByRole('button', { name: 'Check for Update' }).click();
    await firmware.getByRole('button', { name: 'Download system' }).click();
    await expect(firmware.getByRole('progressbar')).toBeVisible();
    await expect(firmwareChip(page)).toHaveText('Firmware: Updating...');
    await expect(firmwareChip(page)).toHaveText('Firmware: Reboot to update');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(firmware.getByRole('button', { name: 'Apply system update & reboot' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.setViewportSize({ width: 1400, height: 900 });

    await firmware.getByRole('button', { name: 'Apply system update & reboot' }).click();
    await expect(firmware.getByText(SYSTEM_REBOOTING)).toBeVisible();
    await expect(firmwareChip(page)).toHaveText(`Firmware: ${LATEST_RELEASES.firmware.edgecaster_max}`, {
      timeout: 30_000,
    });
    await expect(firmware.getByRole('button', { name: 'Check for Update' })).toBeEnabled();
  } finally {
    await spare.release();
  }
});
