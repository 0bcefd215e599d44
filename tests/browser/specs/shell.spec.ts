import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../support/demo.ts';
import { newOrgAdmin, newPerson } from '../support/people.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * The console shell as people meet it (spec 1 §2.2): the top bar signed out and signed in, the Settings
 * menu and its invite badge, the alert bell, the side navigation for members and platform staff, the
 * access-level label and the Back button. Every test makes the people it needs through the API.
 */

const stamp = Date.now();
const settingsButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Settings', exact: true });

/** Opens the gear menu of the top bar and answers the menu. */
async function openSettings(page: Page) {
  await settingsButton(page).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

const ADMIN_ENTRIES = [
  'Provisioned Devices',
  'Organizations',
  'Users',
  'Licensing & Entitlements',
  'Container Directory',
];
const MEMBER_ENTRIES = [
  'Dashboard',
  'Alerts',
  'Events',
  'Metrics',
  'All Devices',
  'Search',
  'Fleets',
  'Templates',
  'Rollouts',
  'Licenses',
];

test('signed out, the top bar offers User Login, which leads to the sign-in page', async ({ page }) => {
  await page.goto('/legal/csa');
  const banner = page.getByRole('banner');
  const login = banner.getByRole('link', { name: 'User Login' });
  await expect(login).toBeVisible();
  // The Support link of the configuration (SUPPORT_URL) opens in a new tab.
  const config = (await (await page.request.get('/v1/config')).json()) as { support_url: string };
  const support = banner.getByRole('link', { name: 'Support' });
  await expect(support).toHaveAttribute('href', config.support_url);
  await expect(support).toHaveAttribute('target', '_blank');
  // Nothing of a signed-in user shows.
  await expect(settingsButton(page)).toHaveCount(0);
  await expect(banner.getByRole('button', { name: /^Alerts/ })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);

  await login.click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { name: 'User Login' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeVisible();
  // The authentication page does not offer the button again.
  await expect(banner.getByRole('link', { name: 'User Login' })).toHaveCount(0);
});

test('the Settings menu leads to the account, the organization selection and list, and logs out', async ({
  page,
  request,
}) => {
  const orgName = `Settings Studio ${stamp}`;
  const person = await newOrgAdmin(request, 'Sam Settings', orgName);
  await signIn(page, person.email, person.password, /\/dashboard$/);

  let menu = await openSettings(page);
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Manage Account',
    /^Switch Organization/,
    'My Organizations',
    'Logout',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Reset Caches' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Manage Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
  await expect(menu).toBeHidden();

  menu = await openSettings(page);
  await menu.getByRole('menuitem', { name: /^Switch Organization/ }).click();
  await expect(page).toHaveURL(/\/auth\/organizations\?redirect=%2Faccount$/);
  await expect(page.getByRole('heading', { name: 'Organization Select' })).toBeVisible();
  // The current organization is marked, with the person's access level as its label.
  const row = page
    .getByRole('table', { name: 'Organizations' })
    .getByRole('row')
    .filter({ hasText: orgName });
  await expect(row.getByRole('button', { name: `Current ${orgName}` })).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText('Admin');
  // Choosing it goes back where the person came from.
  await row.getByRole('button', { name: `Current ${orgName}` }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();

  menu = await openSettings(page);
  await menu.getByRole('menuitem', { name: 'My Organizations' }).click();
  await expect(page).toHaveURL(/\/orgs$/);
  await expect(page.getByRole('table', { name: 'Organizations' }).getByText(orgName)).toBeVisible();

  menu = await openSettings(page);
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { name: 'User Login' })).toBeVisible();
  await expect(settingsButton(page)).toHaveCount(0);
  // The session is gone: a signed-in page asks for a login again.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Faccount$/);
  await expect(page.getByRole('heading', { name: 'User Login' })).toBeVisible();
});

test('Switch Organization counts the pending invites of a newly signed-up person', async ({
  page,
  request,
}) => {
  const orgName = `Invite Hall ${stamp}`;
  const inviter = await newOrgAdmin(request, 'Ingrid Inviter', orgName);
  const { orgGuid } = inviter;
  const inviteeEmail = `nina.${stamp}@example.com`;
  const invite = await request.post('/v1/invites', {
    headers: { authorization: `Bearer ${inviter.token}`, 'x-org-guid': orgGuid },
    data: { org_guid: orgGuid, target_email: inviteeEmail, access: 200 },
  });
  expect(invite.status()).toBe(201);

  // The invited address signs up only now, and signs in to the organization selection.
  const invitee = await newPerson(request, 'Nina Newcomer', inviteeEmail);
  await signIn(page, invitee.email, invitee.password, /\/auth\/organizations/);
  const pending = page.getByRole('table', { name: 'Pending Invitations' });
  await expect(pending.getByRole('row').filter({ hasText: orgName })).toBeVisible();

  let menu = await openSettings(page);
  const switchItem = menu.getByRole('menuitem', { name: /^Switch Organization/ });
  const badge = switchItem.getByLabel('1 pending invites');
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText('1');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // Once the invite is accepted, no count is left on the menu.
  await pending.getByRole('button', { name: `Accept ${orgName}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  menu = await openSettings(page);
  await expect(menu.getByRole('menuitem', { name: /^Switch Organization/ })).toBeVisible();
  await expect(menu.getByLabel(/pending invites/)).toBeHidden();
});

test('the alert bell shows the count of alerts', async ({ page, request }) => {
  const person = await newOrgAdmin(request, 'Bella Bell', `Bell Tower ${stamp}`);
  await signIn(page, person.email, person.password, /\/dashboard$/);
  const bell = page.getByRole('banner').getByRole('button', { name: 'Alerts: 0' });
  await expect(bell).toBeVisible();
  // No badge at zero.
  await expect(bell).toHaveText('');
  // With no alerts, the bell stays where it is.
  await bell.click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the alert bell shows '!' when the alerts cannot be fetched", async ({ page, request }) => {
  const person = await newOrgAdmin(request, 'Fay Failure', `Failing Bells ${stamp}`);
  // The bell's fetch (GET /alerts/active_count, counted on the server) fails.
  await page.route(/\/v1\/alerts\/active_count(\?|$)/, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"unavailable"}' }),
  );
  await signIn(page, person.email, person.password, /\/dashboard$/);
  const bell = page.getByRole('banner').getByRole('button', { name: /^Alerts/ });
  await expect(bell).toBeVisible();
  await expect(bell).toHaveAccessibleName('Alerts: unavailable');
  await expect(bell).toHaveText('!');
});

test('a member sees the side navigation without the admin group', async ({ page, request }) => {
  const orgName = `Member Works ${stamp}`;
  const person = await newOrgAdmin(request, 'Mona Member', orgName);
  await signIn(page, person.email, person.password, /\/dashboard$/);

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByText(person.name)).toBeVisible();
  await expect(nav.getByText(orgName)).toBeVisible();
  await expect(nav.getByRole('link')).toHaveText(MEMBER_ENTRIES);
  await expect(nav.getByText('Admin', { exact: true })).toHaveCount(0);
  for (const entry of ADMIN_ENTRIES) await expect(nav.getByRole('link', { name: entry })).toHaveCount(0);

  await nav.getByRole('link', { name: 'All Devices' }).click();
  await expect(page).toHaveURL(/\/devices$/);
});

test('the demo admin sees the admin group, and Reset Caches only when the server runs in debug mode', async ({
  page,
  request,
}) => {
  const config = await request.get('/v1/config');
  expect(config.ok()).toBe(true);
  const { debug } = (await config.json()) as { debug: boolean };

  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  // The organization list needs no organization chosen, so the side navigation shows either way.
  await page.goto('/orgs');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByText('Admin', { exact: true })).toBeVisible();
  await expect(nav.getByRole('link')).toHaveText([...MEMBER_ENTRIES, ...ADMIN_ENTRIES]);
  await nav.getByRole('link', { name: 'Provisioned Devices' }).click();
  await expect(page).toHaveURL(/\/admin\/devices$/);

  const menu = await openSettings(page);
  const reset = menu.getByRole('menuitem', { name: 'Reset Caches' });
  if (debug) {
    await expect(reset).toBeVisible();
    await reset.click();
    await expect(menu).toBeHidden();
  } else {
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await expect(reset).toHaveCount(0);
  }
});

test("the organization page labels an admin's access, and its Back button returns to the list", async ({
  page,
  request,
}) => {
  const orgName = `Owner Outfit ${stamp}`;
  const person = await newOrgAdmin(request, 'Otto Owner', orgName);
  await signIn(page, person.email, person.password, /\/dashboard$/);

  const menu = await openSettings(page);
  await menu.getByRole('menuitem', { name: 'My Organizations' }).click();
  await expect(page).toHaveURL(/\/orgs$/);
  const row = page
    .getByRole('table', { name: 'Organizations' })
    .getByRole('row')
    .filter({ hasText: orgName });
  await expect(row.getByRole('cell').nth(1)).toHaveText('Admin');
  await row.getByRole('link', { name: `Edit ${orgName}` }).click();

  await expect(page).toHaveURL(/\/orgs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: orgName, level: 1 })).toBeVisible();
  await expect(page.getByText('Your access:').locator('..')).toHaveText('Your access:Admin');

  await page.getByRole('main').getByRole('link', { name: 'Organizations' }).click();
  await expect(page).toHaveURL(/\/orgs$/);
  await expect(page.getByRole('table', { name: 'Organizations' }).getByText(orgName)).toBeVisible();
});
