import { expect, test } from '@playwright/test';
import { seriousViolationsInBothThemes } from '../support/axe.ts';
import { demoOrgDevices, demoOrgHeaders, openAsDemoAdmin } from '../support/demo-org.ts';
import { expectNoHorizontalScroll } from '../support/layout.ts';

/**
 * Device search (spec 2 §2.7): a location written on a demo device is found by the Metadata Search a
 * moment after typing stops, with the value as a chip and a link to the device; the Device Name tab
 * finds a device by part of its System shadow name; the address keeps tab, key and filter. No serious
 * axe finding in either theme; usable on a 390 px phone. (Paging is proven by the server and unit
 * tests: the demo organization holds fewer devices than a page.)
 */
test('metadata and device name searches find a demo device and open it', async ({ page, request }) => {
  const devices = await demoOrgDevices(request);
  const device = devices.at(-1);
  if (!device) throw new Error('the demo organization has no device');
  const location = `Search Spec Hall ${Date.now() % 100_000}`;
  const saved = await request.post(`/v1/devices/${device.device_guid}/metadata`, {
    headers: await demoOrgHeaders(request),
    data: [{ key: 'location', value: location }],
  });
  expect(saved.ok()).toBe(true);

  await openAsDemoAdmin(page, '/search');
  await expect(page.getByRole('heading', { level: 1, name: 'Device Search' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Metadata Search', selected: true })).toBeVisible();

  await page.getByRole('combobox', { name: 'Search Key' }).click();
  await page.getByRole('option', { name: 'Location' }).click();
  await page.getByRole('searchbox', { name: 'Search Location' }).fill(location.slice(7).toLowerCase());
  const chips = page.getByRole('list', { name: 'Matching values' });
  await expect(chips.getByRole('listitem')).toHaveText([location]);
  const results = page.getByRole('table', { name: 'Metadata search results' });
  await expect(results.getByRole('row')).toHaveCount(2);
  await expect(results.getByRole('link', { name: device.device_name })).toBeVisible();
  await expect(page).toHaveURL(/[?&]searchKey=location(&|$)/);
  await expect(page).toHaveURL(/[?&]timestamp=\d+/);
  expect(await seriousViolationsInBothThemes(page), '/search, metadata').toEqual([]);

  // The name tab, with part of the device's name in any case.
  await page.getByRole('tab', { name: 'Device Name' }).click();
  const namePart = device.device_name.slice(-6).toUpperCase();
  await page.getByRole('searchbox', { name: 'Search Device Name' }).fill(namePart);
  const named = page.getByRole('table', { name: 'Device name search results' });
  await expect(named.getByRole('link', { name: device.device_name })).toBeVisible();
  await expect(page).toHaveURL(/[?&]section=device_name(&|$)/);
  expect(await seriousViolationsInBothThemes(page), '/search, device name').toEqual([]);
  await page.emulateMedia({ colorScheme: null });

  // On a phone the address repeats the search and the results are cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const cards = page.getByRole('list', { name: 'Device name search results' });
  await expect(cards.getByRole('link', { name: device.device_name })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await cards.getByRole('link', { name: device.device_name }).click();
  await expect(page).toHaveURL(new RegExp(`/devices/${device.device_guid}`));
});
