import { INVITE_ERRORS } from '@ec/contract/invites';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolationsInBothThemes } from '../support/axe.ts';
import { DEMO_ADMIN } from '../support/demo.ts';
import { DEMO_ORG_NAME, demoOrgDevices, demoOrgHeaders, landInDemoOrg } from '../support/demo-org.ts';
import { expectAllWithinWidth, expectNoHorizontalScroll } from '../support/layout.ts';
import { newPerson, type Person } from '../support/people.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * Fleets (spec 2 §2.6, §5, §6): the demo admin creates a fleet, adds two devices through the device
 * selector, sees the status tiles and the fleet's events, renames it and invites a new person as a
 * User (200); the person, a member of no organization, accepts, finds the fleet assigned to them and
 * opens it with a User's rights (devices and their bulk actions, no Rename, Delete, Users or Add
 * Devices); the admin removes them and deletes the fleet with another one in bulk, with a reason.
 * The list, the overview and the users tab fit a 390 px phone.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const FLEET = `Venue ${stamp}`;
const RENAMED = `Arena ${stamp}`;
const OTHER = `Spare ${stamp}`;
let guest: Person;
let fleetGuid: string;

async function adminIn(page: Page) {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await landInDemoOrg(page, (button) => button.click());
}

test.beforeAll(async ({ request }) => {
  guest = await newPerson(request, 'Fiona Fleetuser');
});

test('the admin creates a fleet, adds devices, sees its status and events and renames it', async ({
  page,
  request,
}) => {
  const devices = (await demoOrgDevices(request)).slice(0, 2);
  expect(devices).toHaveLength(2);
  await adminIn(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Fleets' }).click();
  await expect(page.getByRole('tab', { name: `${DEMO_ORG_NAME} Fleets`, selected: true })).toBeVisible();
  expect(await seriousViolationsInBothThemes(page, 'main')).toEqual([]);

  await page.getByRole('button', { name: 'Create Fleet' }).click();
  const create = page.getByRole('dialog', { name: 'Create Fleet' });
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByLabel('Fleet Name')).toHaveAccessibleDescription('Fleet name is required');
  await create.getByLabel('Fleet Name').fill(FLEET);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { level: 1, name: FLEET })).toBeVisible();
  fleetGuid = new URL(page.url()).pathname.split('/')[2] ?? '';
  expect(fleetGuid).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByText('Online 0/0')).toBeVisible();

  await page.getByRole('button', { name: 'Add Devices' }).click();
  const selector = page.getByRole('dialog', { name: 'Select Devices' });
  for (const device of devices) await selector.getByLabel(`Select ${device.device_name}`).check();
  await selector.getByRole('button', { name: 'Done' }).click();
  const table = page.getByRole('table', { name: 'Fleet devices' });
  for (const device of devices)
    await expect(table.getByRole('link', { name: device.device_name })).toBeVisible();
  // The tiles and the label count the fleet's two devices.
  const online = devices.filter((device) => device.online).length;
  await expect(page.getByText(`Online ${online}/2`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Online Devices' })).toBeVisible();
  await expect(page.getByText(`${online} / 2`).first()).toBeVisible();
  const events = page.getByRole('table', { name: 'Recent Fleet Events' });
  await expect(events.getByText(`Fleet ${FLEET} created by ${DEMO_ADMIN.email}`)).toBeVisible();
  await expect(events.getByText(`Added to fleet ${FLEET} by ${DEMO_ADMIN.email}`).first()).toBeVisible();
  expect(await seriousViolationsInBothThemes(page, 'main')).toEqual([]);

  await page.getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Fleet' });
  await rename.getByLabel('Fleet Name').fill(RENAMED);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('heading', { level: 1, name: RENAMED })).toBeVisible();
  await expect(
    events.getByText(`Fleet renamed from ${FLEET} to ${RENAMED} by ${DEMO_ADMIN.email}`),
  ).toBeVisible();
});

test('the admin invites a new person to the fleet as a User', async ({ page }) => {
  await adminIn(page);
  await page.goto(`/fleets/${fleetGuid}/users`);
  const tab = page.getByRole('tabpanel', { name: 'Users' });
  const users = tab.getByRole('table', { name: 'Fleet Users' });
  const adminRow = users.getByRole('row').filter({ hasText: DEMO_ADMIN.email });
  await expect(adminRow.getByText('Managed by Org')).toBeVisible();
  await expect(adminRow.getByRole('button')).toHaveCount(0);

  await tab.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await expect(dialog.getByLabel('Access')).toHaveValue('100');
  await dialog.getByLabel('E-mail').fill(DEMO_ADMIN.email);
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(dialog.getByLabel('E-mail')).toHaveAccessibleDescription(INVITE_ERRORS.alreadyFleetUser);
  await dialog.getByLabel('E-mail').fill(guest.email.toUpperCase());
  await dialog.getByLabel('Access').selectOption({ label: 'User' });
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(dialog).toBeHidden();
  const invite = tab
    .getByRole('table', { name: 'Pending Invites' })
    .getByRole('row')
    .filter({ hasText: guest.email });
  await expect(invite.getByText('User', { exact: true })).toBeVisible();
  expect(await seriousViolationsInBothThemes(page, 'main')).toEqual([]);
});

test('the person accepts and opens the fleet with the rights of a User', async ({ page }) => {
  await signIn(page, guest.email, guest.password, /\/auth\/organizations/);
  await page
    .getByRole('table', { name: 'Pending Invitations' })
    .getByRole('button', { name: `Accept ${RENAMED}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/fleets/${fleetGuid}$`));
  await expect(page.getByRole('heading', { level: 1, name: RENAMED })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Fleet devices' }).getByRole('row')).toHaveCount(3);
  // A User controls the fleet's devices but does not edit the fleet.
  await expect(page.getByRole('button', { name: 'Reboot Device(s)' })).toBeVisible();
  for (const name of ['Rename', 'Delete', 'Add Devices', 'Remove Devices'])
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveCount(0);

  // A member of no organization finds the fleet assigned to them on the organization selection page.
  await page.goto('/fleets');
  await expect(page).toHaveURL(/\/auth\/organizations/);
  const assigned = page.getByRole('table', { name: 'Fleets assigned to me' });
  const row = assigned.getByRole('row').filter({ hasText: RENAMED });
  await expect(row.getByText('Control')).toBeVisible();
  await row.getByRole('link', { name: RENAMED }).click();
  await expect(page).toHaveURL(new RegExp(`/fleets/${fleetGuid}$`));
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the fleet list, the overview and the users tab fit the screen', async ({ page }) => {
    await adminIn(page);
    await page.goto('/fleets');
    await expect(page.getByRole('list', { name: 'Fleets' }).getByText(RENAMED)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.goto(`/fleets/${fleetGuid}`);
    await expect(page.getByRole('list', { name: 'Fleet devices' }).getByRole('listitem')).toHaveCount(2);
    expect(await expectAllWithinWidth(page.getByRole('main').getByRole('button'))).toBeGreaterThanOrEqual(4);
    await expectNoHorizontalScroll(page);
    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(page.getByRole('list', { name: 'Fleet Users' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});

test('the admin removes the person, then deletes two fleets at once with a reason', async ({
  page,
  request,
}) => {
  const headers = await demoOrgHeaders(request);
  const other = await request.post('/v1/fleets', { headers, data: { fleet_name: OTHER } });
  expect(other.status()).toBe(201);

  await adminIn(page);
  await page.goto(`/fleets/${fleetGuid}/users`);
  const users = page.getByRole('table', { name: 'Fleet Users' });
  const row = users.getByRole('row').filter({ hasText: guest.email });
  await expect(row.getByText('User', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Remove ${guest.name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove User' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(users.getByText(guest.email)).toHaveCount(0);

  await page.getByRole('link', { name: 'Fleets' }).first().click();
  await expect(page).toHaveURL(/\/fleets$/);
  await page.getByLabel('Search Fleets').fill(String(stamp));
  const list = page.getByRole('table', { name: 'Fleets' });
  await expect(list.getByRole('row')).toHaveCount(3);
  await list.getByLabel(`Select ${RENAMED}`).check();
  await list.getByLabel(`Select ${OTHER}`).check();
  await page.getByRole('button', { name: 'Delete Fleet(s) (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Fleets' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByLabel('Reason')).toHaveAccessibleDescription('Reason is required');
  await dialog.getByLabel('Reason').fill('Season over');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByText('No fleets match')).toBeVisible();
  expect((await request.get(`/v1/fleets/${fleetGuid}`, { headers })).status()).toBe(404);
});
