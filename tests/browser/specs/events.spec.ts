import { expect, type Locator, test } from '@playwright/test';
import { rulesFor, seriousViolations, switchColorScheme } from '../support/axe.ts';
import { DEMO_ADMIN } from '../support/demo.ts';
import { demoOrgDevices, openAsDemoAdmin } from '../support/demo-org.ts';
import { expectNoHorizontalScroll } from '../support/layout.ts';

/**
 * Events (spec 2 §2.5, §2.9): a device renamed on its System tab shows the change, with the e-mail of
 * who made it, in the device's events on its Info tab and in the organization's events on /events;
 * the period chosen there is kept in period_key, and the device filter leaves only that device's
 * events. No serious axe finding in either theme; the page reads on a 390 px phone.
 */

/** The row (a card on a phone) of the set that made `version`: what was set and who set it. */
const setRow = (events: Locator, version: number) =>
  events
    .locator('tr, li')
    .filter({ hasText: new RegExp(`System set succeeded \\(version \\d+ → ${version}\\)`) })
    .filter({ hasText: `By ${DEMO_ADMIN.email}` });

test('a rename shows in the device’s and the organization’s events, filtered by period and device', async ({
  page,
  request,
}) => {
  const online = (await demoOrgDevices(request)).filter((candidate) => candidate.online);
  // Not the first online device: the other configuration specs change that one.
  const device = online[1] ?? online[0];
  if (!device) throw new Error('the demo organization needs an online device');
  const newName = `Events ${Date.now() % 100_000}`;

  await openAsDemoAdmin(page, `/devices/${device.device_guid}/config/system`);
  const deviceName = page.getByLabel('Device Name');
  await expect(deviceName).toBeEditable();
  await deviceName.fill(newName);
  await page.getByRole('button', { name: 'Save' }).click();
  const applied = page.getByText(/The device applied the configuration \(version \d+\)/);
  await expect(applied).toBeVisible();
  const version = Number(/version (\d+)/.exec((await applied.textContent()) ?? '')?.[1]);
  const renameRow = (events: Locator) => setRow(events, version);

  // The device's Info tab: its events, no Device column.
  await page.getByRole('tab', { name: 'Info' }).click();
  const deviceEvents = page.getByRole('table', { name: 'Device events' });
  const deviceRow = renameRow(deviceEvents);
  await expect(deviceRow).toHaveCount(1);
  await expect(deviceEvents.getByRole('columnheader', { name: 'Device', exact: true })).toHaveCount(0);
  await expect(deviceRow.getByRole('link', { name: 'Open System configuration' })).toHaveAttribute(
    'href',
    `/devices/${device.device_guid}/config/system`,
  );

  // The organization's events, reached from the side navigation.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Events' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recent Organization Events' })).toBeVisible();
  const orgEvents = page.getByRole('table', { name: 'Organization events' });
  const orgRow = renameRow(orgEvents);
  await expect(orgRow).toHaveCount(1);
  await expect(orgRow.getByRole('link', { name: newName })).toBeVisible();

  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Last hour' }).click();
  await expect(page).toHaveURL(/[?&]period_key=1hr(&|$)/);
  await expect(orgRow).toHaveCount(1);

  // Only the renamed device's events once it is picked.
  await page.getByRole('combobox', { name: 'Devices' }).fill(newName);
  await page.getByRole('option', { name: new RegExp(newName) }).click();
  await page.keyboard.press('Escape');
  const deviceCells = orgEvents.locator('tbody tr td:first-child');
  await expect(deviceCells.filter({ hasNotText: newName })).toHaveCount(0);
  await expect(orgRow).toHaveCount(1);

  for (const colorScheme of ['light', 'dark'] as const) {
    await switchColorScheme(page, colorScheme);
    expect(
      await seriousViolations(page, undefined, rulesFor(colorScheme)),
      `/events in the ${colorScheme} theme`,
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });

  // On a phone the rows are cards and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const cards = page.getByRole('list', { name: 'Organization events' });
  await expect(renameRow(cards)).toHaveCount(1);
  await expect(page).toHaveURL(/[?&]period_key=1hr(&|$)/);
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveText('Last hour');
  await expectNoHorizontalScroll(page);
});
