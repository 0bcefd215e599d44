import { CONTAINER_NAME_RULE } from '@ec/contract/device-commands';
import { NOTE_TOO_LONG_MESSAGE } from '@ec/contract/device-metadata';
import type { DeviceState } from '@ec/contract/devices';
import { OUTPUT_TYPE_LABELS, type OutputType } from '@ec/contract/shadow-documents/output-types';
import type { Shadow } from '@ec/contract/shadows';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { seriousViolationsInBothThemes } from '../support/axe.ts';
import { DEMO_ADMIN } from '../support/demo.ts';
import { demoOrgDevices, demoOrgHeaders, openAsDemoAdmin } from '../support/demo-org.ts';
import { infoValue } from '../support/device-info.ts';
import { arrowTo, tabTo } from '../support/keyboard.ts';
import { expectNoHorizontalScroll, expectWithinWidth } from '../support/layout.ts';
import { spareDevice } from '../support/spare-device.ts';

/**
 * The device page's Commands menu (spec 2 §2.5, §4.5, §4.7-4.8) against simulated encoders. The
 * commands that change a device (ADB, local UI password, storage, logs, metadata, reboot) go to a
 * spare device of the spec's own; output control switches a demo device's output off and back on.
 * No serious axe finding on the menu and a dialog in either theme; the menu works by keyboard and on
 * a 390 px phone.
 */

async function openDevicePage(page: Page, deviceGuid: string) {
  await openAsDemoAdmin(page, `/devices/${deviceGuid}`);
  await expect(page.getByRole('button', { name: 'Commands' })).toBeVisible();
}

/** Opens the Commands menu and its item; answers the dialog the item opens. */
async function openDialog(page: Page, item: string, title = item) {
  await page.getByRole('button', { name: 'Commands' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: item, exact: false }).first().click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function closeDialog(dialog: Locator) {
  await dialog
    .getByRole('button', { name: /^(Close|Cancel)$/ })
    .first()
    .click();
  await expect(dialog).toBeHidden();
}

const lastBootOnPage = (page: Page) => infoValue(page, 'Device State', 'Last Boot');

async function stateOf(request: APIRequestContext, deviceGuid: string): Promise<DeviceState> {
  const answer = await request.get(`/v1/devices/${deviceGuid}/state`, {
    headers: await demoOrgHeaders(request),
  });
  return (await answer.json()).state as DeviceState;
}

test('ADB, local UI password, storage, logs, metadata and a reboot on a simulated encoder', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const spare = await spareDevice(request);
  const serial = spare.device.serial_number;
  try {
    await openDevicePage(page, spare.device.device_guid);

    // ADB over IP: on (after the warning), then off.
    let dialog = await openDialog(page, 'ADB over IP');
    await expect(dialog.getByText('ADB over IP is off.')).toBeVisible();
    await expect(dialog.getByText('Enabling ADB over IP puts your device at risk...')).toBeVisible();
    await dialog.getByRole('button', { name: 'Enable ADB over IP' }).click();
    await expect(dialog.getByText('ADB over IP is on (port 5555).')).toBeVisible();
    await expect(dialog.getByText('Enabling ADB over IP puts your device at risk...')).toBeHidden();
    await dialog.getByRole('button', { name: 'Disable ADB over IP' }).click();
    await expect(dialog.getByText('ADB over IP is off.')).toBeVisible();
    expect((await stateOf(request, spare.device.device_guid)).adb_port).toBeNull();
    await closeDialog(dialog);

    // Local UI password: set, after which the current one is asked for.
    dialog = await openDialog(page, 'Local UI Password', 'Manage Local UI Password');
    await expect(dialog.getByText("The device's local UI has no password.")).toBeVisible();
    await dialog.getByLabel('New Password', { exact: true }).fill('studio-secret');
    await dialog.getByLabel('Confirm New Password').fill('studio-secret');
    await dialog.getByRole('button', { name: 'Set Password' }).click();
    await expect(dialog.getByText('Local UI password set')).toBeVisible();
    await expect(dialog.getByText("A password protects the device's local UI.")).toBeVisible();
    await expect(dialog.getByLabel(/Current Password/)).toBeVisible();
    await closeDialog(dialog);

    // Storage: format the USB drive (FORMAT), then remove it safely (REMOVE).
    dialog = await openDialog(page, 'Storage Devices');
    const usb = dialog.getByRole('listitem', { name: 'USB drive' });
    await expect(usb).toContainText('USB · sda1');
    await expect(dialog.getByRole('listitem', { name: 'Internal storage' })).toContainText(
      'Only USB and SD Card storage can be removed or formatted.',
    );
    await usb.getByRole('button', { name: 'Format USB drive' }).click();
    await dialog.getByLabel('Type FORMAT').fill('FORMAT');
    await dialog.getByRole('button', { name: 'Format', exact: true }).click();
    await expect(dialog.getByText('USB drive formatted')).toBeVisible();
    await expect(usb).toContainText('0 bytes / 59.6 GB');
    await usb.getByRole('button', { name: 'Safely remove USB drive' }).click();
    await dialog.getByLabel('Type REMOVE').fill('remove');
    await expect(dialog.getByText('Please type REMOVE above to proceed')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Safely Remove', exact: true })).toBeDisabled();
    await dialog.getByLabel('Type REMOVE').fill('REMOVE');
    await dialog.getByRole('button', { name: 'Safely Remove', exact: true }).click();
    await expect(dialog.getByText('USB drive can be removed safely')).toBeVisible();
    await expect(usb).toBeHidden();
    await expect(dialog.getByRole('listitem', { name: 'SD card' })).toBeVisible();
    await closeDialog(dialog);

    // Logs: requested, uploaded by the device, offered as a download with when it was retrieved.
    dialog = await openDialog(page, 'Download Logs', 'Download Device Logs');
    await expect(dialog.getByText('The device has not uploaded logs yet.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Request Logs' }).click();
    await expect(dialog.getByText('Logs uploaded')).toBeVisible();
    const link = dialog.getByRole('button', { name: `Download ${serial}-logs.tar.gz` });
    await expect(link).toBeVisible();
    await expect(dialog.getByText(/^Last retrieved: \d{4}\/\d{2}\/\d{2} /)).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`${serial}-logs.tar.gz`);
    await closeDialog(dialog);

    // Metadata: a location saved and shown in the header; a note of 201 characters refused.
    dialog = await openDialog(page, 'Edit Metadata', 'Device Metadata');
    await dialog.getByLabel('Location').fill('Studio 4, rack 2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Location: Studio 4, rack 2')).toBeVisible();
    dialog = await openDialog(page, 'Edit Note', 'Device Note');
    await dialog.getByLabel('Note').fill('n'.repeat(201));
    await expect(dialog.getByText(NOTE_TOO_LONG_MESSAGE)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await closeDialog(dialog);

    // Reboot: a wrong word keeps the button disabled; CONFIRM reboots; the device goes offline and
    // comes back with a newer Last Boot.
    await expect(lastBootOnPage(page)).toHaveText(/\d{4}\/\d{2}\/\d{2}/);
    const bootBefore = await lastBootOnPage(page).textContent();
    const bootedAt = (await stateOf(request, spare.device.device_guid)).last_boot!;
    dialog = await openDialog(page, 'Reboot');
    const reboot = dialog.getByRole('button', { name: 'Reboot' });
    await dialog.getByLabel('Type CONFIRM').fill('Confirm');
    await expect(reboot).toBeDisabled();
    await expect(dialog.getByText('Please type CONFIRM above to proceed')).toBeVisible();
    await dialog.getByLabel('Type CONFIRM').fill('CONFIRM');
    await reboot.click();
    await expect(dialog.getByText('The device is rebooting...')).toBeVisible();
    await closeDialog(dialog);
    await expect(infoValue(page, 'Device Info', 'Online')).toHaveText('No');
    await expect(infoValue(page, 'Device Info', 'Online')).toHaveText('Yes', { timeout: 30_000 });
    await expect(lastBootOnPage(page)).not.toHaveText(bootBefore ?? '', { timeout: 20_000 });
    const rebootedAt = (await stateOf(request, spare.device.device_guid)).last_boot!;
    expect(Date.parse(rebootedAt)).toBeGreaterThan(Date.parse(bootedAt));
  } finally {
    await spare.release();
  }
});

test('reset settings with RESET and a container update, each listed in the device events with who sent it', async ({
  page,
  request,
}) => {
  const spare = await spareDevice(request);
  try {
    await openDevicePage(page, spare.device.device_guid);

    let dialog = await openDialog(page, 'Reset Settings');
    const reset = dialog.getByRole('button', { name: 'Reset Settings' });
    await dialog.getByLabel('Type RESET').fill('reset');
    await expect(reset).toBeDisabled();
    await expect(dialog.getByText('Please type RESET above to proceed')).toBeVisible();
    await dialog.getByLabel('Type RESET').fill('RESET');
    await reset.click();
    await expect(dialog.getByText(/Settings reset to factory defaults/)).toBeVisible();
    await expect(dialog.getByText(/Device may reboot during this process\.\.\./)).toBeVisible();
    await closeDialog(dialog);

    dialog = await openDialog(page, 'Update Container', 'Update Docker Container');
    await expect(dialog.getByLabel('Version Tag')).toHaveValue('R3.12.0');
    await expect(dialog.getByLabel('Container Name')).toHaveValue('videon-gui');
    await dialog.getByLabel('Registry Username').fill('registry-user');
    await dialog.getByLabel('Registry Password').fill('registry-secret');
    await dialog.getByLabel('Container Name').fill('-gui');
    await dialog.getByRole('button', { name: 'Update Container' }).click();
    await expect(dialog.getByText(CONTAINER_NAME_RULE)).toBeVisible();
    await dialog.getByLabel('Container Name').fill('videon-gui');
    await dialog.getByRole('button', { name: 'Update Container' }).click();
    await expect(dialog.getByText('Container videon-gui updated to R3.12.0')).toBeVisible();
    await closeDialog(dialog);

    // The audit log: each command with the person who sent it, the password never shown.
    const events = page.getByRole('region', { name: 'Device Events' });
    await events.getByRole('button', { name: 'Refresh' }).click();
    await expect(events.getByText(`reset_settings sent by ${DEMO_ADMIN.email}`)).toBeVisible();
    await expect(events.getByText(`update_nimbraedge_container sent by ${DEMO_ADMIN.email}`)).toBeVisible();
    await expect(events.getByText('registry-secret')).toHaveCount(0);
  } finally {
    await spare.release();
  }
});

/** A demo device online with an enabled output that output control switches (not a thumbnail). */
async function deviceWithEnabledOutput(request: APIRequestContext) {
  const headers = await demoOrgHeaders(request);
  for (const device of await demoOrgDevices(request)) {
    if (!device.online) continue;
    const answer = await request.get(`/v1/devices/${device.device_guid}/shadows`, {
      headers,
      params: { shadow_names: 'Outputs' },
    });
    const shadow = ((await answer.json()).shadows as Shadow[])[0];
    const outputs = (shadow?.reported?.state?.outputs ?? []) as {
      id: number;
      type: OutputType;
      config: { enable?: boolean; name?: string };
    }[];
    const output = outputs.find((entry) => entry.type !== 'thumbnail' && entry.config.enable === true);
    if (output) return { device, output };
  }
  throw new Error('the demo organization needs an online device with an enabled output');
}

async function reportedEnable(request: APIRequestContext, deviceGuid: string, outputId: number) {
  const answer = await request.get(`/v1/devices/${deviceGuid}/shadows`, {
    headers: await demoOrgHeaders(request),
    params: { shadow_names: 'Outputs' },
  });
  const shadow = ((await answer.json()).shadows as Shadow[])[0];
  const outputs = (shadow?.reported?.state?.outputs ?? []) as { id: number; config: { enable?: boolean } }[];
  return outputs.find((entry) => entry.id === outputId)?.config.enable;
}

test('output control turns an output off and the device applies it', async ({ page, request }) => {
  const { device, output } = await deviceWithEnabledOutput(request);
  try {
    await openDevicePage(page, device.device_guid);
    let dialog = await openDialog(page, 'Output Control');
    const name = `${output.config.name} (${OUTPUT_TYPE_LABELS[output.type]})`;
    const toggle = dialog.getByRole('switch', { name });
    await expect(toggle).toBeChecked();
    await expect(dialog.getByRole('switch', { name: /Thumbnail/ })).toHaveCount(0);
    await toggle.click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('status')).toContainText('Sent.');
    // Five seconds after the save the dialog closes by itself.
    await expect(dialog).toBeHidden({ timeout: 10_000 });
    await expect.poll(() => reportedEnable(request, device.device_guid, output.id)).toBe(false);
    dialog = await openDialog(page, 'Output Control');
    await expect(dialog.getByRole('switch', { name })).not.toBeChecked();
    await closeDialog(dialog);
  } finally {
    // The demo fleet is left as it was found.
    await request.post(`/v1/devices/${device.device_guid}/outputs`, {
      headers: await demoOrgHeaders(request),
      data: [{ output_id: output.id, enable: true }],
    });
    await expect.poll(() => reportedEnable(request, device.device_guid, output.id)).toBe(true);
  }
});

test('Manage Device shows for a device the browser reaches on its local API, and opens its address', async ({
  page,
  request,
}) => {
  // The console's own Content-Security-Policy must let the check through: a refusal is logged.
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  const spare = await spareDevice(request, 'edgecaster', { localApi: { host: '127.0.0.1' } });
  try {
    await openDevicePage(page, spare.device.device_guid);
    await page.getByRole('button', { name: 'Commands' }).click();
    const manage = page.getByRole('menu').getByRole('menuitem', { name: 'Manage Device' });
    await expect(manage).toBeEnabled();
    // The device's own web page (nothing serves port 80 here) opens in a new tab.
    await page.context().route('http://127.0.0.1/', (route) => route.fulfill({ body: 'The encoder' }));
    const opened = page.waitForEvent('popup');
    await manage.click();
    const tab = await opened;
    await expect(tab.getByText('The encoder')).toBeVisible();
    expect(tab.url()).toBe('http://127.0.0.1/');
    await tab.close();
    expect(refused).toEqual([]);
  } finally {
    await spare.release();
  }
});

async function onlineDemoDevice(request: APIRequestContext) {
  const device = (await demoOrgDevices(request)).find((candidate) => candidate.online);
  if (!device) throw new Error('the demo organization needs an online device');
  return device;
}

test('the menu and a dialog have no serious axe finding and work by keyboard', async ({ page, request }) => {
  const device = await onlineDemoDevice(request);
  await openDevicePage(page, device.device_guid);
  const commands = page.getByRole('button', { name: 'Commands' });

  await tabTo(page, commands);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  expect(await seriousViolationsInBothThemes(page, '[role="menu"]')).toEqual([]);
  await arrowTo(page, menu.getByRole('menuitem', { name: 'Reboot' }), { key: 'ArrowDown', max: 12 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Reboot' });
  await expect(dialog).toBeVisible();
  await page.keyboard.type('CONFIRM');
  await expect(dialog.getByLabel('Type CONFIRM')).toHaveValue('CONFIRM');
  await expect(dialog.getByRole('button', { name: 'Reboot' })).toBeEnabled();
  expect(await seriousViolationsInBothThemes(page, '[role="dialog"]')).toEqual([]);
  // Escape leaves without rebooting; the focus is back on the Commands button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(commands).toBeFocused();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the menu and the widest dialog fit the screen', async ({ page, request }) => {
    const device = await onlineDemoDevice(request);
    await openDevicePage(page, device.device_guid);
    await expectWithinWidth(page.getByRole('button', { name: 'Commands' }));
    await page.getByRole('button', { name: 'Commands' }).click();
    await expectWithinWidth(page.getByRole('menu'));
    await page.getByRole('menu').getByRole('menuitem', { name: 'Storage Devices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Storage Devices' });
    await expect(dialog.getByRole('listitem').first()).toBeVisible();
    await expectWithinWidth(dialog);
    for (const button of await dialog.getByRole('button').all()) await expectWithinWidth(button);
    await expectNoHorizontalScroll(page);
  });
});
