import { INVITE_ERRORS } from '@ec/contract/invites';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolations, seriousViolationsInBothThemes } from '../support/axe.ts';
import { DEMO_ADMIN, demoDevices } from '../support/demo.ts';
import { DEMO_ADMIN_NAME, demoOrgDevices, openAsDemoAdmin } from '../support/demo-org.ts';
import { expectAllWithinWidth, expectNoHorizontalScroll } from '../support/layout.ts';
import { newPerson, type Person } from '../support/people.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * The device page's Users tab (spec 2 §2.5, spec 3 §3.12, §5, §6): the demo admin invites a new person
 * to one device; the person accepts, finds only that device assigned to them and opens it; the admin
 * changes their access, then removes them. The organization's members read 'Managed by Org' and offer
 * nothing. No serious axe finding in either theme; the tab works on a 390 px phone.
 *
 * The person has no organization: they open the device from the organization selection page, where
 * the devices assigned to them are listed.
 */
test.describe.configure({ mode: 'serial' });

let guest: Person;
let device: { device_guid: string; device_name: string };

/** A demo device of the organization that the other specs leave alone: the last one the demo seeded. */
async function quietDevice(request: APIRequestContext) {
  const seeded = demoDevices().map((d) => d.device_guid);
  const adopted = (await demoOrgDevices(request)).filter((d) => seeded.includes(d.device_guid));
  const last = adopted.sort((a, b) => seeded.indexOf(a.device_guid) - seeded.indexOf(b.device_guid)).at(-1);
  if (!last) throw new Error('the demo organization has no device');
  return last;
}

async function openUsersTab(page: Page) {
  await openAsDemoAdmin(page, `/devices/${device.device_guid}/users`);
  await expect(page.getByRole('tab', { name: 'Users', selected: true })).toBeVisible();
  return page.getByRole('tabpanel', { name: 'Users' });
}

test.beforeAll(async ({ request }) => {
  guest = await newPerson(request, 'Dora Deviceuser');
  device = await quietDevice(request);
});

test('the demo admin invites a new person to one device; members read Managed by Org', async ({ page }) => {
  const tab = await openUsersTab(page);
  const users = tab.getByRole('table', { name: 'Device Users' });
  const adminRow = users.getByRole('row').filter({ hasText: DEMO_ADMIN.email });
  await expect(adminRow.getByText('Managed by Org')).toBeVisible();
  await expect(adminRow.getByText(DEMO_ADMIN_NAME)).toBeVisible();
  await expect(adminRow.getByRole('button')).toHaveCount(0);
  await expect(adminRow.getByRole('combobox')).toHaveCount(0);

  await tab.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await expect(dialog.getByLabel('Access')).toHaveValue('100');
  // Someone with access already is told so at the e-mail field.
  await dialog.getByLabel('E-mail').fill(DEMO_ADMIN.email);
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(dialog.getByLabel('E-mail')).toHaveAccessibleDescription(INVITE_ERRORS.alreadyDeviceUser);
  await dialog.getByLabel('E-mail').fill(guest.email.toUpperCase());
  await dialog.getByLabel('Access').selectOption({ label: 'User' });
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(dialog).toBeHidden();

  const invites = tab.getByRole('table', { name: 'Pending Invites' });
  const invite = invites.getByRole('row').filter({ hasText: guest.email });
  await expect(invite.getByText('User', { exact: true })).toBeVisible();
  await expect(invite.getByRole('button', { name: `Cancel Invite for ${guest.email}` })).toBeVisible();

  expect(await seriousViolationsInBothThemes(page, '[role="tabpanel"]')).toEqual([]);
});

test('the person accepts, finds only that device assigned to them and opens it', async ({ page }) => {
  // Without an organization, signing in lands on the organization selection page.
  await signIn(page, guest.email, guest.password, /\/auth\/organizations/);
  await page
    .getByRole('table', { name: 'Pending Invitations' })
    .getByRole('button', { name: `Accept ${device.device_name}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/devices/${device.device_guid}$`));

  // No organization: the device list is not theirs; the devices given to them are listed on the
  // organization selection page.
  await page.goto('/devices');
  await expect(page).toHaveURL(/\/auth\/organizations/);
  await expect(page.getByRole('heading', { name: 'Devices Assigned To Me' })).toBeVisible();
  const assigned = page.getByRole('table', { name: 'Devices assigned to me' });
  // The header row and the one device.
  await expect(assigned.getByRole('row')).toHaveCount(2);
  await assigned.getByRole('row').filter({ hasText: device.device_name }).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/devices/${device.device_guid}$`));
  const tabs = page.getByRole('tablist', { name: 'Device sections' });
  await expect(tabs.getByRole('tab', { name: 'Info', selected: true })).toBeVisible();
  // A User of the device controls it but does not edit it: no Users tab.
  await expect(tabs.getByRole('tab', { name: 'Licenses' })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'Users' })).toHaveCount(0);
});

test('the admin changes the person’s access, then removes them', async ({ page, request }) => {
  const tab = await openUsersTab(page);
  const users = tab.getByRole('table', { name: 'Device Users' });
  const row = users.getByRole('row').filter({ hasText: guest.email });
  await expect(row.getByText('User', { exact: true })).toBeVisible();
  await expect(tab.getByRole('table', { name: 'Pending Invites' }).getByText(guest.email)).toHaveCount(0);

  await tab.getByRole('button', { name: 'Edit Device Permissions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Device Permissions' });
  // Members of the organization are not offered.
  await expect(dialog.getByText(DEMO_ADMIN.email)).toHaveCount(0);
  await dialog.getByLabel(`Access for ${guest.name}`).selectOption({ label: 'Admin' });
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Remove ${guest.name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove User' });
  await expect(confirm).toContainText(guest.email);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);

  // The person has lost the device.
  const theirs = await request.get(`/v1/devices/${device.device_guid}`, {
    headers: { authorization: `Bearer ${guest.token}` },
  });
  expect(theirs.status()).toBe(404);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the Users tab and its invite dialog fit the screen', async ({ page }) => {
    const tab = await openUsersTab(page);
    const users = tab.getByRole('list', { name: 'Device Users' });
    await expect(users.getByRole('listitem').filter({ hasText: DEMO_ADMIN.email })).toContainText(
      'Managed by Org',
    );
    await expect(tab.getByRole('list', { name: 'Pending Invites' })).toBeVisible();
    expect(await expectAllWithinWidth(tab.getByRole('button'))).toBeGreaterThanOrEqual(2);
    await expectNoHorizontalScroll(page);
    await tab.getByRole('button', { name: 'Invite User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite User' });
    await expectAllWithinWidth(dialog.locator('input, select, button'));
  });
});
