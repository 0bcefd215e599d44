import { expect, test } from '@playwright/test';
import { demoOrgDevices, openAsDemoAdmin } from '../support/demo-org.ts';

/**
 * The Alerts configuration tab (spec 3 §2.6, §4.3) against a simulated encoder: a threshold changed
 * and a new alert created reach the device with one Save, which the device applies and reports back.
 */
test('the demo admin changes a threshold and adds an alert, and the device reports both', async ({
  page,
  request,
}) => {
  const device = (await demoOrgDevices(request)).find((candidate) => candidate.online);
  if (!device) throw new Error('the demo organization needs an online device');
  await openAsDemoAdmin(page, `/devices/${device.device_guid}/config/alerts`);

  const table = page.getByRole('table', { name: 'Device alerts' });
  await table.getByRole('button', { name: 'High Temperature' }).click();
  const settings = page.getByRole('region', { name: 'High Temperature settings' });
  await settings.getByLabel('Threshold').fill('hot');
  await expect(settings.getByText('Value must be a number')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await settings.getByLabel('Threshold').fill('72');

  await page.getByRole('button', { name: 'Create Alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Alert' });
  await dialog.getByLabel('Name').fill('cpu_load');
  await dialog.getByLabel('Label').fill('CPU Load');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(table.getByRole('button', { name: 'CPU Load' })).toBeVisible();

  const version = Number((await page.getByTestId('shadow-version').textContent())?.replace(/\D/g, ''));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/The device applied the configuration/)).toBeVisible();
  await expect(page.getByTestId('shadow-version')).toHaveText(`Version: ${version + 1}`);

  await page.reload();
  await page
    .getByRole('table', { name: 'Device alerts' })
    .getByRole('button', { name: 'High Temperature' })
    .click();
  await expect(
    page.getByRole('region', { name: 'High Temperature settings' }).getByLabel('Threshold'),
  ).toHaveValue('72');
  await expect(
    page.getByRole('table', { name: 'Device alerts' }).getByRole('button', { name: 'CPU Load' }),
  ).toBeVisible();
});
