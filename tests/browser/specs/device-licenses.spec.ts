import { readFile } from 'node:fs/promises';
import type { DeviceLicense } from '@ec/contract/entitlements/merge-entitlements';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations, seriousViolationsInBothThemes } from '../support/axe.ts';
import { demoOrgDevices, demoOrgHeaders, openAsDemoAdmin } from '../support/demo-org.ts';
import { expectNoHorizontalScroll } from '../support/layout.ts';

/**
 * The device page's Licenses tab (spec 2 §2.5, §4.10, §7): the licences the API lists for the device
 * (the demo seeds none: then the empty state), Download Licenses saving the device's licence file as
 * JSON, and the entitlement debug tool (90% of the window wide) for the demo admin, a device admin who
 * controls every device. No serious axe finding in either theme; the tab fits a 390 px phone.
 */

async function openLicensesTab(page: Page, deviceGuid: string) {
  await openAsDemoAdmin(page, `/devices/${deviceGuid}/licenses`);
  await expect(page.getByRole('tab', { name: 'Licenses', selected: true })).toBeVisible();
  return page.getByRole('tabpanel', { name: 'Licenses' });
}

test('the Licenses tab lists the device’s licences and downloads them; the debug tool opens', async ({
  page,
  request,
}) => {
  const [device] = await demoOrgDevices(request);
  if (!device) throw new Error('the demo organization has no device');
  const answer = await request.get(`/v1/entitlements/devices/${device.device_guid}/licenses`, {
    headers: await demoOrgHeaders(request),
  });
  expect(answer.ok()).toBe(true);
  const { licenses } = (await answer.json()) as { licenses: DeviceLicense[] };

  const tab = await openLicensesTab(page, device.device_guid);
  const table = tab.getByRole('table', { name: 'Licenses' });
  if (licenses.length === 0) {
    await expect(table.getByText('This device has no licenses')).toBeVisible();
  } else {
    // The header row and up to 50 licences.
    await expect(table.getByRole('row')).toHaveCount(Math.min(licenses.length, 50) + 1);
  }
  expect(await seriousViolationsInBothThemes(page, '[role="tabpanel"]')).toEqual([]);

  // Download Licenses: the device's licence file (its licences and what they merge to), as JSON.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    tab.getByRole('button', { name: 'Download Licenses' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/-licenses\.json$/);
  const file = JSON.parse(await readFile((await download.path())!, 'utf8'));
  // The file holds the device-side record of each of the tab's licences (spec 3 §3.11).
  const records = licenses.map(({ profile_guid, license_type, created, expires, expired }) => ({
    profile_guid,
    license_type,
    created,
    expires,
    expired,
  }));
  expect(file).toMatchObject({ device_guid: device.device_guid, version: '10.3.0', licenses: records });
  expect(Object.keys(file.properties).length).toBeGreaterThan(0);

  // The entitlement debug tool: the effective entitlement JSON, 90% of the window wide, with Download.
  await tab.getByRole('button', { name: 'Entitlement Debug' }).click();
  const dialog = page.getByRole('dialog', { name: 'Entitlement Debug' });
  const json = dialog.getByLabel('Entitlement JSON');
  await expect(json).toContainText(`"device_guid": "${device.device_guid}"`);
  const box = await dialog.boundingBox();
  expect(Math.round((box!.width / page.viewportSize()!.width) * 100)).toBe(90);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  const [debugFile] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(debugFile.suggestedFilename()).toMatch(/-entitlements\.json$/);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the Licenses tab fits the screen', async ({ page, request }) => {
    const [device] = await demoOrgDevices(request);
    const tab = await openLicensesTab(page, device!.device_guid);
    await expect(tab.getByRole('button', { name: 'Download Licenses' })).toBeVisible();
    await expect(tab.getByRole('list', { name: 'Licenses' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
