import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../support/demo.ts';
import {
  DEMO_ADMIN_NAME,
  DEMO_ORG_NAME,
  demoOrgDevices,
  landInDemoOrg,
  STREAMING_STATUS_LABEL,
} from '../support/demo-org.ts';
import {
  expectAllWithinWidth,
  expectNoHorizontalScroll,
  expectUncovered,
  expectWithinWidth,
} from '../support/layout.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * The console on a phone held upright: nothing scrolls sideways, every control is in reach, the
 * navigation opens from a menu button. It tests the browser side only, so it runs on the embedded
 * stack and not again on PostgreSQL + Mosquitto.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function signInOnPhone(page: Page) {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await landInDemoOrg(page, (button) => button.tap());
}

/**
 * Opens the header's menu with the account entries: the Settings gear, or the 'More' menu the header's
 * controls may collapse into on a narrow screen.
 */
async function openSettingsMenu(page: Page) {
  const banner = page.getByRole('banner');
  const settings = banner.getByRole('button', { name: 'Settings', exact: true });
  const more = banner.getByRole('button', { name: 'More', exact: true });
  await expect(settings.or(more).first()).toBeVisible();
  await ((await settings.isVisible()) ? settings : more).tap();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

test.describe('phone', () => {
  test('the shell fits the phone: header controls in view, the navigation menu, Settings and Logout', async ({
    page,
  }) => {
    await signInOnPhone(page);
    await expectNoHorizontalScroll(page);
    const banner = page.getByRole('banner');
    const controls = await expectAllWithinWidth(banner.getByRole('button').or(banner.getByRole('link')));
    expect(controls, 'the header shows controls').toBeGreaterThan(0);

    await banner.getByRole('button', { name: 'Open navigation' }).tap();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // The drawer opens below the app bar or above it, never under it.
    await expectUncovered(nav.getByText(DEMO_ADMIN_NAME, { exact: true }));
    await expectUncovered(nav.getByText(DEMO_ORG_NAME, { exact: true }));
    await expectWithinWidth(nav.getByRole('link', { name: 'All Devices' }));
    await nav.getByRole('link', { name: 'All Devices' }).tap();
    await expect(page).toHaveURL(/\/devices$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
    await expect(nav).toBeHidden();

    let menu = await openSettingsMenu(page);
    await expectAllWithinWidth(menu.getByRole('menuitem'));
    await menu.getByRole('menuitem', { name: 'Manage Account' }).tap();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();

    menu = await openSettingsMenu(page);
    await menu.getByRole('menuitem', { name: 'Logout' }).tap();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { name: 'User Login' })).toBeVisible();
  });

  test("the device list shows each device's name, serial number and status without scrolling sideways", async ({
    page,
    request,
  }) => {
    const devices = await demoOrgDevices(request);
    expect(devices.length).toBeGreaterThan(1);
    await signInOnPhone(page);
    await page.goto('/devices');
    const main = page.getByRole('main');
    const nameOf = (device: (typeof devices)[number]) =>
      page.getByRole('link', { name: device.device_name, exact: true });
    await expect(main.locator(nameOf(devices[0]!))).toBeVisible();
    await expectNoHorizontalScroll(page);

    for (const device of devices) {
      // The device's entry, a row or a card: the innermost element with its name and a status.
      const entry = main
        .locator('*')
        .filter({ has: nameOf(device) })
        .filter({ has: page.getByText(STREAMING_STATUS_LABEL) })
        .last();
      await expectWithinWidth(entry.locator(nameOf(device)));
      await expectWithinWidth(entry.getByText(device.serial_number, { exact: true }));
      await expectWithinWidth(entry.getByText(STREAMING_STATUS_LABEL));
    }

    const chosen = devices[0]!;
    await main.locator(nameOf(chosen)).tap();
    await expect(page).toHaveURL(new RegExp(`/devices/${chosen.device_guid}`));
    await expect(page.getByRole('heading', { level: 1, name: chosen.device_name })).toBeVisible();
  });

  test('the device page opened on a later section keeps the selected tabs in view', async ({
    page,
    request,
  }) => {
    const device = (await demoOrgDevices(request))[0]!;
    await signInOnPhone(page);
    // Opened straight on the last configuration section: the selected tabs must scroll into view.
    await page.goto(`/devices/${device.device_guid}/config/alerts`);
    await expect(page.getByRole('heading', { level: 1, name: device.device_name })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectWithinWidth(
      page
        .getByRole('tablist', { name: 'Device sections' })
        .getByRole('tab', { name: 'Config', selected: true }),
    );
    await expectWithinWidth(
      page
        .getByRole('tablist', { name: 'Configuration sections' })
        .getByRole('tab', { name: 'Alerts', selected: true }),
    );
  });

  test('the device page reaches every configuration section by tapping, and the System form fits', async ({
    page,
    request,
  }) => {
    const device = (await demoOrgDevices(request))[0]!;
    await signInOnPhone(page);
    await page.goto(`/devices/${device.device_guid}`);
    await expect(page.getByRole('heading', { level: 1, name: device.device_name })).toBeVisible();
    await expectNoHorizontalScroll(page);
    const deviceSections = page.getByRole('tablist', { name: 'Device sections' });
    await expectWithinWidth(deviceSections.getByRole('tab', { name: 'Info', selected: true }));
    await deviceSections.getByRole('tab', { name: 'Config' }).tap();
    await expectWithinWidth(deviceSections.getByRole('tab', { name: 'Config', selected: true }));

    const configSections = page.getByRole('tablist', { name: 'Configuration sections' });
    await expectWithinWidth(configSections.getByRole('tab', { name: 'Inputs', selected: true }));
    for (const name of ['Encoders', 'Outputs', 'Alerts', 'System']) {
      await configSections.getByRole('tab', { name }).tap();
      await expect(page).toHaveURL(new RegExp(`/config/${name.toLowerCase()}$`));
      await expectWithinWidth(configSections.getByRole('tab', { name, selected: true }));
    }

    const form = page.getByRole('form', { name: 'System configuration' });
    const deviceName = form.getByLabel('Device Name');
    await expect(deviceName).toBeEditable();
    await expectNoHorizontalScroll(page);
    const fields = await expectAllWithinWidth(
      form
        .getByRole('textbox')
        .or(form.getByRole('combobox'))
        .or(form.getByRole('radio'))
        .or(form.getByRole('switch'))
        .or(form.getByRole('checkbox'))
        .or(form.getByRole('button')),
    );
    expect(fields, 'the System form shows its fields').toBeGreaterThan(3);

    // An edit enables Save; Revert puts back what the device reported (nothing is sent).
    const reported = await deviceName.inputValue();
    await deviceName.tap();
    await deviceName.fill(`${reported} on the go`);
    await expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();
    await form.getByRole('button', { name: 'Revert' }).tap();
    await expect(deviceName).toHaveValue(reported);
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
