import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, demoDevices } from '../support/demo.ts';
import { readInbox, waitForMailLink } from '../support/mailbox.ts';
import { openSignedIn, signIn } from '../support/sign-in.ts';

/**
 * Issue 2's slice as a person walks it: sign up, confirm from the e-mail, create an organization,
 * adopt a simulated encoder, rename it from the System tab and forget it.
 */
test.describe.configure({ mode: 'serial' });

const person = {
  name: 'Grace Hopper',
  email: `grace.${Date.now()}@example.com`,
  password: 'correct-horse-battery',
};
const orgName = `Hopper Live Events ${Date.now()}`;

/** The demo adopts the first two thirds of its devices; the rest are free to adopt. */
const freeDevice = () => demoDevices().at(-1)!;

test('sign-up shows the field rules before anything is sent', async ({ page }) => {
  await page.goto('/auth/signup');
  await expect(page).toHaveTitle(/Create Account|Sign Up|Login/);
  await page.getByLabel('I agree to the Terms of the Cloud Services Agreement as defined.').check();
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Name is required.')).toBeVisible();
  await expect(page.getByText('Must be valid e-mail')).toBeVisible();
  await expect(page.getByText('Password needs to be longer')).toBeVisible();
  expect(readInbox(process.env.EC_MAIL_DIR!, 'not-an-email')).toHaveLength(0);
});

test('a new user signs up and the page moves on once the e-mail link is opened', async ({
  page,
  context,
}) => {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Create New Account' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(person.email);
  await page.getByLabel('Full Name').fill(person.name);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm Password').fill(person.password);
  await page.getByLabel('I agree to the Terms of the Cloud Services Agreement as defined.').check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByRole('heading', { name: 'Please confirm your account...' })).toBeVisible();
  await page.getByRole('button', { name: 'Re-send Confirmation' }).click();
  await expect(page.getByText('A new confirmation e-mail has been sent.')).toBeVisible();

  // Both e-mails leave through the outbox, a moment after each answer: the re-sent one, whose code is the
  // valid one, is the second to arrive.
  await expect.poll(() => readInbox(process.env.EC_MAIL_DIR!, person.email).length).toBe(2);
  const link = await waitForMailLink(person.email, /\/auth\/confirm\?.*code=\d{6}/);
  const mailTab = await context.newPage();
  await mailTab.goto(link);
  await expect(mailTab.getByText('Your account has been confirmed. You can sign in now.')).toBeVisible();
  await mailTab.close();

  // The first tab retries the sign-in every 5 s and lands on the organization selection by itself.
  await expect(page.getByRole('heading', { name: 'Awaiting Invitation' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Create Organization' })).toBeVisible();
});

test('the user creates an organization and lands on it', async ({ page }) => {
  await signIn(page, person.email, person.password, /\/auth\/organizations/);
  await page.getByRole('button', { name: 'Create Organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Organization' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Organization Name is required')).toBeVisible();
  await dialog.getByLabel('Organization Name').fill(orgName);
  await dialog.getByRole('button', { name: 'Create' }).click();

  await expect(page).toHaveURL(/\/dashboard|\/devices/);
  await expect(page.getByText(orgName).first()).toBeVisible();
});

test('the user adopts a simulated encoder and sees it online in the list', async ({ page }) => {
  const device = freeDevice();
  await openSignedIn(page, person, '/devices');
  await page.getByRole('link', { name: 'Adopt Device' }).click();
  // The list has a 'Serial Number' search field too: wait for the adopt page before typing.
  await expect(page.getByRole('heading', { name: 'Adopt Device' })).toBeVisible();
  await page.getByLabel('Serial Number').fill('9999-9999');
  await page.getByRole('button', { name: 'Adopt', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(/not found|No device/i);

  await page.getByLabel('Serial Number').fill(device.serial_number);
  await page.getByRole('button', { name: 'Adopt', exact: true }).click();
  await expect(page).toHaveURL(/\/devices$/);

  const table = page.getByRole('table', { name: 'Devices' });
  for (const header of ['Status', 'IP Address', 'Firmware', 'Serial Number', 'MAC Address']) {
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  }
  const row = table.getByRole('row').filter({ hasText: device.serial_number });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/Streaming|Error Streaming|Not Streaming|Not Configured/);

  await page.getByLabel('Serial Number').fill('0000');
  await expect(table.getByRole('row').filter({ hasText: device.serial_number })).toHaveCount(0);
  await page.getByLabel('Serial Number').fill(device.serial_number.slice(0, 7));
  await expect(row).toBeVisible();
});

test('the user renames the device from the System tab and sees the device acknowledge it', async ({
  page,
}) => {
  const device = freeDevice();
  await openSignedIn(page, person, '/devices');
  await page
    .getByRole('table', { name: 'Devices' })
    .getByRole('row')
    .filter({ hasText: device.serial_number })
    .getByRole('link')
    .first()
    .click();

  const tabs = page.getByRole('tablist', { name: 'Device sections' });
  for (const name of ['Info', 'Config', 'Containers', 'Users', 'Licenses']) {
    await expect(tabs.getByRole('tab', { name })).toBeVisible();
  }
  await tabs.getByRole('tab', { name: 'Config' }).click();
  await page
    .getByRole('tablist', { name: 'Configuration sections' })
    .getByRole('tab', { name: 'System' })
    .click();

  // The System panel's version: the Inputs panel shown first has a version of its own.
  const version = page.getByRole('tabpanel', { name: 'System configuration' }).getByTestId('shadow-version');
  await expect(version).toHaveText(/Version: \d+/);
  const before = Number((await version.textContent())!.replace(/\D/g, ''));
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();

  const newName = `Stage Left ${Date.now() % 10_000}`;
  await page.getByLabel('Device Name').fill(newName);
  await save.click();

  await expect(version).toHaveText(`Version: ${before + 1}`);
  await expect(page.getByLabel('Device Name')).toHaveValue(newName);
  await expect(page.getByRole('heading', { name: newName })).toBeVisible();
});

test('the user forgets the device with a reason', async ({ page }) => {
  const device = freeDevice();
  await openSignedIn(page, person, '/devices');
  const table = page.getByRole('table', { name: 'Devices' });
  await table.getByRole('row').filter({ hasText: device.serial_number }).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Forget Device(s)' }).click();

  await expect(page.getByLabel('Serial Number')).toHaveValue(device.serial_number);
  await page.getByRole('button', { name: 'Forget', exact: true }).click();
  await expect(page.getByText(/Reason is required/i)).toBeVisible();
  await page.getByLabel('Reason').fill('Returned to the rental pool');
  await page.getByRole('button', { name: 'Forget', exact: true }).click();

  await expect(page).toHaveURL(/\/devices$/);
  await expect(table.getByRole('row').filter({ hasText: device.serial_number })).toHaveCount(0);
});

test('the demo admin sees the admin menu and every provisioned device', async ({ page }) => {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password, /\/dashboard$/);
  const navigation = page.getByRole('navigation');
  await navigation.getByRole('link', { name: 'Provisioned Devices' }).click();
  await expect(page).toHaveURL(/\/admin\/devices/);
  await expect(page).toHaveTitle(/ - Provisioned Devices$/);

  const table = page.getByRole('table', { name: 'Provisioned Devices' });
  for (const device of demoDevices()) {
    await expect(table.getByRole('row').filter({ hasText: device.serial_number })).toBeVisible();
  }

  // A device no organization has adopted (the demo adopts the first two thirds) opens read-only.
  const unadopted = demoDevices().at(-1)!;
  await table.getByRole('row').filter({ hasText: unadopted.serial_number }).click();
  await expect(page).toHaveURL(new RegExp(`/devices/${unadopted.device_guid}$`));
  await expect(page.getByText(unadopted.serial_number).first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Info' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Device Error' })).toHaveCount(0);
});
