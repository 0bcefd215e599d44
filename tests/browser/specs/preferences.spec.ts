import { expect, test } from '@playwright/test';
import { newOrg, newPerson } from '../support/people.ts';
import { openSignedIn } from '../support/sign-in.ts';

/** Spec 1 §3 local preferences as a person sets them: device list columns, reactivity, multiview sort. */

test('the device list columns are edited, kept in this browser, and hide on smaller screens', async ({
  page,
  request,
}) => {
  const person = await newPerson(request, 'Cole Columns');
  await newOrg(request, person, `Column Studio ${Date.now()}`);
  await openSignedIn(page, person, '/devices');
  const table = page.getByRole('table', { name: 'Devices' });
  await expect(table.getByText('No devices')).toBeVisible();
  const headers = () => table.getByRole('columnheader');
  await expect(headers()).toHaveText([
    '',
    'Device',
    'Status',
    'IP Address',
    'Firmware',
    'Serial Number',
    'MAC Address',
  ]);

  await page.getByRole('button', { name: 'Columns' }).click();
  const dialog = page.getByRole('dialog', { name: 'Device List Columns' });
  await dialog.getByRole('button', { name: 'Remove IP Address' }).click();
  await dialog.getByRole('combobox', { name: 'Add Column' }).click();
  await page.getByRole('option', { name: 'Last Update' }).click();
  await dialog.getByRole('combobox', { name: 'Add Column' }).click();
  await page.getByRole('option', { name: 'Location' }).click();
  await dialog.getByRole('button', { name: 'Move Last Update up' }).click();
  // With reactivity on, the 6th column hides below extra-large screens (this window is 1400 px wide).
  await expect(dialog.getByText('Hidden below extra-large')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Save' }).click();

  // The role query skips hidden cells: Location is in the layout but hidden at this width.
  const shown = ['', 'Device', 'Status', 'Firmware', 'Serial Number', 'Last Update', 'MAC Address'];
  await expect(headers()).toHaveText(shown);
  const location = table.getByRole('columnheader', { name: 'Location', includeHidden: true });
  await expect(location).toHaveCount(1);
  await expect(location).toBeHidden();

  // Kept after a reload; a narrower window hides the 4th column on as well.
  await page.reload();
  await expect(headers()).toHaveText(shown);
  await page.setViewportSize({ width: 800, height: 900 });
  await expect(headers()).toHaveText(['', 'Device', 'Status', 'Firmware', 'Serial Number']);

  // 'Ignore Reactive Layout' keeps every column.
  await page.goto('/account');
  await page.getByRole('switch', { name: 'Ignore Reactive Layout' }).check();
  await page.goto('/devices');
  await expect(headers()).toHaveText([...shown, 'Location']);
});

test('the multiview sort is kept in this browser', async ({ page, request }) => {
  const person = await newPerson(request, 'Mia Multiview');
  await openSignedIn(page, person, '/account');
  const sortBy = page.getByRole('combobox', { name: 'Multiview Sort By' });
  const sortOrder = page.getByRole('combobox', { name: 'Multiview Sort Order' });
  await expect(sortBy).toHaveText('Device Name');
  await expect(sortOrder).toHaveText('Ascending');
  await sortBy.click();
  await page.getByRole('option', { name: 'Input Name' }).click();
  await sortOrder.click();
  await page.getByRole('option', { name: 'Descending' }).click();

  await page.reload();
  await expect(sortBy).toHaveText('Input Name');
  await expect(sortOrder).toHaveText('Descending');
});
