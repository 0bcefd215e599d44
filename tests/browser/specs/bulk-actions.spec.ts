import type { Shadow } from '@ec/contract/shadows';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolationsInBothThemes } from '../support/axe.ts';
import {
  announcedDeviceName,
  DEMO_ORG_NAME,
  demoOrgDevices,
  demoOrgHeaders,
  openAsDemoAdmin,
} from '../support/demo-org.ts';
import { expectNoHorizontalScroll, expectWithinWidth } from '../support/layout.ts';
import { newPerson } from '../support/people.ts';
import { openSignedIn } from '../support/sign-in.ts';
import { spareDevice } from '../support/spare-device.ts';

/**
 * Bulk actions on the device list (spec 2 §2.3, §4.5, §4.7): a reboot of two spare devices, one of
 * which goes offline first, each with its own outcome; the device selector adds the second; Output
 * Control on a demo device, turned back as it was; an organization admin who is not a device admin
 * refused as Not Licensed on a device with base entitlements (spec 2 §5 bulk_actions). No serious axe
 * finding on the dialog; it fits a 390 px phone.
 */

async function openDeviceList(page: Page) {
  await openAsDemoAdmin(page, '/devices');
}

/** Searches the device list for one serial and ticks its row. */
async function selectBySerial(page: Page, serial: string, name: string) {
  await page.getByRole('searchbox', { name: 'Serial Number' }).fill(serial);
  // The search applies after its pause and clears the selection: tick the row once only it is left.
  await expect(page.getByRole('checkbox', { name: /^Select (?!all devices)/ })).toHaveCount(1);
  const checkbox = page.getByRole('checkbox', { name: `Select ${name}` });
  await expect(checkbox).toBeVisible();
  await checkbox.check();
  await expect(page.getByText('1 selected')).toBeVisible();
}

test('a bulk reboot: one device reboots, the offline one shows its own message', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const [first, second] = await Promise.all([spareDevice(request), spareDevice(request)]);
  try {
    const [firstName, secondName] = await Promise.all([
      announcedDeviceName(request, first.device.device_guid),
      announcedDeviceName(request, second.device.device_guid),
    ]);
    await openDeviceList(page);
    await selectBySerial(page, first.device.serial_number, firstName);
    await page.getByRole('button', { name: 'Reboot Device(s)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reboot Devices' });
    await expect(dialog.getByRole('listitem', { name: firstName })).toBeVisible();

    // The device selector (50 a page, serial search) adds the second device.
    await dialog.getByRole('button', { name: 'Choose Devices' }).click();
    const selector = page.getByRole('dialog', { name: 'Select Devices' });
    await selector.getByRole('searchbox', { name: 'Serial Number' }).fill(second.device.serial_number);
    await selector.getByRole('checkbox', { name: `Select ${secondName}` }).check();
    await expect(selector.getByText('2 selected')).toBeVisible();
    await selector.getByRole('button', { name: 'Done' }).click();
    await expect(selector).toBeHidden();
    const firstRow = dialog.getByRole('listitem', { name: firstName });
    const secondRow = dialog.getByRole('listitem', { name: secondName });
    await expect(secondRow).toBeVisible();
    await expect(dialog.getByText('2 devices')).toBeVisible();

    // The second device shuts down; its row says so before anything is sent.
    await second.goOffline();
    await expect(secondRow.getByText('Device Offline')).toBeVisible();
    expect(await seriousViolationsInBothThemes(page, '[role="dialog"]')).toEqual([]);

    const reboot = dialog.getByRole('button', { name: 'Reboot' });
    await expect(reboot).toBeDisabled();
    await dialog.getByLabel('Type CONFIRM').fill('CONFIRM');
    await reboot.click();

    await expect(firstRow).toContainText('Complete: The device is rebooting...');
    await expect(secondRow).toContainText('Not Sent: Device Offline');
    await expect(dialog.getByRole('status')).toHaveText('2 of 2 done, 1 not successful');
    await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    // The rebooted device goes offline and comes back (its status is read again every 5 s).
    await expect(firstRow.getByText('Device Offline')).toBeVisible();
    await expect(firstRow.getByText('Device Online')).toBeVisible({ timeout: 30_000 });
    // The pointer leaves the Reboot button it clicked: a hovered button's tint is not what the dialog looks like.
    await page.mouse.move(0, 0);
    expect(await seriousViolationsInBothThemes(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  } finally {
    await Promise.all([first.release(), second.release()]);
  }
});

test('an organization admin is refused Bulk Actions on a device with base entitlements', async ({
  page,
  request,
}) => {
  const headers = await demoOrgHeaders(request);
  const orgAdmin = await newPerson(request, 'Olga Orgadmin');
  const invite = await request.post('/v1/invites', {
    headers,
    data: { org_guid: headers['x-org-guid'], target_email: orgAdmin.email, access: 300 },
  });
  expect(invite.status()).toBe(201);
  const accepted = await request.post('/v1/invites/accept', {
    headers: { authorization: `Bearer ${orgAdmin.token}` },
    data: { invite_guid: ((await invite.json()) as { invite_guid: string }).invite_guid },
  });
  expect(accepted.ok()).toBe(true);
  const device = (await demoOrgDevices(request)).find((candidate) => candidate.online);
  if (!device) throw new Error('the demo organization needs an online device');

  await openSignedIn(page, orgAdmin, '/devices', DEMO_ORG_NAME);
  await selectBySerial(page, device.serial_number, device.device_name);
  await page.getByRole('button', { name: 'Reboot Device(s)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reboot Devices' });
  await dialog.getByLabel('Type CONFIRM').fill('CONFIRM');
  await dialog.getByRole('button', { name: 'Reboot' }).click();
  const row = dialog.getByRole('listitem', { name: device.device_name });
  await expect(row).toContainText('Not Licensed: This device is not licensed for Bulk Actions.');
  await expect(dialog.getByRole('status')).toHaveText('1 of 1 done, 1 not successful');
  // Nothing was sent: the device is still online.
  await expect(row.getByText('Device Online')).toBeVisible();
});

type ReportedOutput = { id: number; type: string; config: { enable?: boolean } };

async function reportedOutputs(request: APIRequestContext, deviceGuid: string) {
  const answer = await request.get(`/v1/devices/${deviceGuid}/shadows`, {
    headers: await demoOrgHeaders(request),
    params: { shadow_names: 'Outputs' },
  });
  const shadow = ((await answer.json()).shadows as Shadow[])[0];
  return ((shadow?.reported?.state?.outputs ?? []) as ReportedOutput[]).filter(
    (output) => output.type !== 'thumbnail',
  );
}

/** An online demo device with an enabled output that output control switches. */
async function deviceWithEnabledOutput(request: APIRequestContext) {
  for (const device of await demoOrgDevices(request)) {
    if (!device.online) continue;
    const outputs = await reportedOutputs(request, device.device_guid);
    if (outputs.some((output) => output.config.enable === true)) return { device, outputs };
  }
  throw new Error('the demo organization needs an online device with an enabled output');
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('bulk Output Control turns every output of a device off, in a dialog that fits', async ({
    page,
    request,
  }) => {
    const { device, outputs } = await deviceWithEnabledOutput(request);
    try {
      await openDeviceList(page);
      await page.getByRole('searchbox', { name: 'Serial Number' }).fill(device.serial_number);
      const checkbox = page.getByRole('checkbox', { name: `Select ${device.device_name}` });
      await checkbox.check();
      await page.getByRole('button', { name: 'Output Control' }).click();
      const dialog = page.getByRole('dialog', { name: 'Output Control' });
      await dialog.getByRole('radio', { name: 'Turn all off' }).check();
      await expectWithinWidth(dialog);
      for (const button of await dialog.getByRole('button').all()) await expectWithinWidth(button);
      await expectNoHorizontalScroll(page);

      await dialog.getByRole('button', { name: 'Apply' }).click();
      const row = dialog.getByRole('listitem', { name: device.device_name });
      await expect(row).toContainText(
        `Complete: ${outputs.length} output${outputs.length === 1 ? '' : 's'} turned off`,
      );
      await expect(dialog.getByRole('status')).toHaveText('1 of 1 done');
      await expect
        .poll(async () =>
          (await reportedOutputs(request, device.device_guid)).map((output) => output.config.enable),
        )
        .toEqual(outputs.map(() => false));
      await expectWithinWidth(dialog);
    } finally {
      // The demo device is left as it was found.
      await request.post(`/v1/devices/${device.device_guid}/outputs`, {
        headers: await demoOrgHeaders(request),
        data: outputs.map((output) => ({ output_id: output.id, enable: output.config.enable === true })),
      });
      await expect
        .poll(async () =>
          (await reportedOutputs(request, device.device_guid)).map((output) => output.config.enable === true),
        )
        .toEqual(outputs.map((output) => output.config.enable === true));
    }
  });
});
