import { type Browser, expect, type Page, test } from '@playwright/test';
import { demoOrgDevices, openAsDemoAdmin } from '../support/demo-org.ts';

/**
 * No silent overwrite (issue 13): two people on one device's System tab. The second renames the device
 * and saves while the first has an unsaved edit; the first is told what changed, keeps their edit on
 * top of the new version and saves, and the device ends up with both changes.
 */
async function systemTab(browser: Browser, deviceGuid: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openAsDemoAdmin(page, `/devices/${deviceGuid}/config/system`);
  await expect(page.getByLabel('Device Name')).toBeEnabled();
  return page;
}

test('an edit made elsewhere is announced, and keeping one’s own edits saves both', async ({
  browser,
  request,
}) => {
  const device = (await demoOrgDevices(request)).find((candidate) => candidate.online);
  if (!device) throw new Error('the demo organization needs an online device');
  const first = await systemTab(browser, device.device_guid);
  const second = await systemTab(browser, device.device_guid);
  const oldName = await first.getByLabel('Device Name').inputValue();
  const newName = `Conflict ${Date.now() % 100_000}`;
  const ntpServer = `ntp${Date.now() % 100_000}.example.com`;

  await first.getByLabel('NTP Server').fill(ntpServer);

  await second.getByLabel('Device Name').fill(newName);
  await second.getByRole('button', { name: 'Save' }).click();
  await expect(second.getByText(/The device applied the configuration/)).toBeVisible();

  const notice = first.getByRole('alert', { name: 'Newer configuration on the device' });
  await expect(notice).toContainText(`Device Name: “${oldName}” → “${newName}”`);
  await expect(first.getByLabel('NTP Server')).toHaveValue(ntpServer);
  await notice.getByRole('button', { name: 'Keep my edits' }).click();
  await expect(notice).toBeHidden();
  await expect(first.getByLabel('Device Name')).toHaveValue(newName);
  await expect(first.getByLabel('NTP Server')).toHaveValue(ntpServer);
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(first.getByText(/The device applied the configuration/)).toBeVisible();

  await second.reload();
  await expect(second.getByLabel('Device Name')).toHaveValue(newName);
  await expect(second.getByLabel('NTP Server')).toHaveValue(ntpServer);
  await first.context().close();
  await second.context().close();
});
