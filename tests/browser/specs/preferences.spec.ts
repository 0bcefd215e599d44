import { type Browser, expect, type Page, test } from '@playwright/test';
import { newOrgAdmin, newPerson, type Person } from '../support/people.ts';
import { openSignedIn } from '../support/sign-in.ts';

/**
 * Spec 1 §3 local preferences as a person sets them: device list columns, reactivity, multiview sort;
 * and the browser's own preference for less motion.
 */

test('the device list columns are edited, kept in this browser, and hide on smaller screens', async ({
  page,
  request,
}) => {
  const person = await newOrgAdmin(request, 'Cole Columns', `Column Studio ${Date.now()}`);
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

/** What moves on the page: its running CSS animations and transitions, by name. */
const runningAnimations = (page: Page) =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.playState === 'running')
      .map((animation) => (animation instanceof CSSAnimation ? animation.animationName : String(animation))),
  );

/** The device list while its answer is held back: its skeleton rows show, and what moves is answered. */
async function movingWhileTheListLoads(
  browser: Browser,
  person: Person,
  reducedMotion: 'reduce' | 'no-preference',
) {
  const context = await browser.newContext({ reducedMotion });
  const page = await context.newPage();
  try {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/v1\/devices\?/, async (route) => {
      await held;
      await route.continue();
    });
    await openSignedIn(page, person, '/devices');
    const table = page.getByRole('table', { name: 'Devices' });
    await expect(table).toHaveAttribute('aria-busy', 'true');
    // A moment for whatever starts moving with the skeleton (MUI's pulse) to run.
    await page.waitForTimeout(200);
    const moving = await runningAnimations(page);
    release();
    await expect(table.getByText('No devices')).toBeVisible();
    return moving;
  } finally {
    await context.close();
  }
}

test('a browser that asks for less motion gets a console that stands still while it loads', async ({
  browser,
  request,
}) => {
  const person = await newOrgAdmin(request, 'Rhea Reduced', `Still Studio ${Date.now()}`);
  // The skeleton rows pulse for everyone else.
  expect(await movingWhileTheListLoads(browser, person, 'no-preference')).not.toEqual([]);
  expect(await movingWhileTheListLoads(browser, person, 'reduce')).toEqual([]);
});
