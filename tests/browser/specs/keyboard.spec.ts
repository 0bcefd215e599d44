import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../support/demo.ts';
import { demoOrgDevices, landInDemoOrg } from '../support/demo-org.ts';
import { arrowTo, expectFocusRing, focusIsWithin, retype, ringStyle, tabTo } from '../support/keyboard.ts';

/**
 * The console with the keyboard alone: Tab, Shift+Tab, arrows within tab lists, Enter, Space and
 * typing; no mouse and no page load after the login page. It tests the browser side only, so it runs
 * on the embedded stack and not again on PostgreSQL + Mosquitto.
 */

/** The demo admin signs in from the login page without a mouse, and lands in the demo organization. */
async function signInWithKeyboard(page: Page) {
  await page.goto('/auth/login');
  await tabTo(page, page.getByLabel('E-mail'));
  await page.keyboard.type(DEMO_ADMIN.email);
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(DEMO_ADMIN.password);
  await tabTo(page, page.getByRole('button', { name: 'Login' }));
  await page.keyboard.press('Space');
  await landInDemoOrg(page, async (button) => {
    await tabTo(page, button);
    await page.keyboard.press('Enter');
  });
}

test.describe('keyboard', () => {
  test('the demo admin signs in, opens a device and renames it with the keyboard alone', async ({
    page,
    request,
  }) => {
    // A hundred or so key presses over four pages and a round trip to the device: more than most tests.
    test.slow();
    const device = (await demoOrgDevices(request))[1]!;
    await signInWithKeyboard(page);

    // The side navigation comes before the page's content: back from the dashboard to All Devices.
    const allDevices = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', {
      name: 'All Devices',
    });
    const navItemAtRest = await ringStyle(allDevices);
    await tabTo(page, allDevices, { backwards: true });
    await expectFocusRing(allDevices, navItemAtRest);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/devices$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeFocused();

    await tabTo(page, page.getByRole('main').getByRole('link', { name: device.device_name, exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/devices/${device.device_guid}`));
    await expect(page.getByRole('heading', { level: 1, name: device.device_name })).toBeFocused();

    // Only the selected tab is a Tab stop; the arrow keys move between tabs, Enter opens one.
    const deviceSections = page.getByRole('tablist', { name: 'Device sections' });
    await tabTo(page, deviceSections.getByRole('tab', { name: 'Info' }));
    const configTab = deviceSections.getByRole('tab', { name: 'Config' });
    const tabAtRest = await ringStyle(configTab);
    await arrowTo(page, configTab);
    await expectFocusRing(configTab, tabAtRest);
    await page.keyboard.press('Enter');
    await expect(configTab).toHaveAttribute('aria-selected', 'true');

    const configSections = page.getByRole('tablist', { name: 'Configuration sections' });
    await tabTo(page, configSections.getByRole('tab', { name: 'Inputs' }));
    await arrowTo(page, configSections.getByRole('tab', { name: 'System' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/config\/system$/);

    // The System panel's version: the Inputs panel shown first has a version of its own.
    const version = page
      .getByRole('tabpanel', { name: 'System configuration' })
      .getByTestId('shadow-version');
    await expect(version).toHaveText(/Version: \d+/);
    const before = Number((await version.textContent())!.replace(/\D/g, ''));
    const deviceName = page.getByLabel('Device Name');
    await tabTo(page, deviceName);
    const newName = `Keyboard Stage ${Date.now() % 10_000}`;
    await retype(page, newName);

    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeEnabled();
    const buttonAtRest = await ringStyle(save);
    await tabTo(page, save, { max: 60 });
    await expectFocusRing(save, buttonAtRest);
    await page.keyboard.press('Space');

    await expect(version).toHaveText(`Version: ${before + 1}`);
    await expect(deviceName).toHaveValue(newName);
    await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
  });

  test("'Skip to content' is the first stop of a page and takes the focus past the header and navigation", async ({
    page,
  }) => {
    await signInWithKeyboard(page);
    // A fresh load of a page of the console, nothing focused yet.
    await page.goto('/devices');
    await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Enter');

    const main = page.getByRole('main');
    await expect.poll(() => focusIsWithin(main), { message: 'the focus is on the main content' }).toBe(true);
    // The next stop is in the content too, not back in the header or the side navigation.
    await page.keyboard.press('Tab');
    await expect.poll(() => focusIsWithin(main), { message: 'Tab stays in the main content' }).toBe(true);
  });
});
