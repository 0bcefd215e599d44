import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../support/demo.ts';
import { DEMO_ORG_NAME, demoOrgDevices } from '../support/demo-org.ts';
import { apiToken, newOrgAdmin, type Person } from '../support/people.ts';
import { openSignedIn } from '../support/sign-in.ts';

/**
 * A person of another organization is given devices of the demo organization (spec 2 §6, spec 3
 * §3.12): the demo admin invites them to one device as Admin and to another as Read Only; they accept
 * on the organization selection, may configure the first, only look at the second, and reach no other.
 * Their rights come from the device, not from the organization they administer themselves.
 */
test.describe.configure({ mode: 'serial' });

let guest: Person;
let granted: { device_guid: string; device_name: string };
let viewOnly: { device_guid: string; device_name: string };
let other: { device_guid: string };

test.beforeAll(async ({ request }) => {
  guest = await newOrgAdmin(request, 'Gus Guest', `Gus Studio ${Date.now()}`);
  const [first, second, third] = await demoOrgDevices(request);
  if (!first || !second || !third) throw new Error('the demo organization needs three devices');
  [granted, viewOnly, other] = [first, second, third];
  const admin = await apiToken(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  for (const [device, access] of [
    [granted, 300],
    [viewOnly, 100],
  ] as const) {
    const invite = await request.post('/v1/invites', {
      headers: { authorization: `Bearer ${admin}` },
      data: { device_guid: device.device_guid, target_email: guest.email, access },
    });
    expect(invite.status()).toBe(201);
  }
});

async function openSystemTab(page: Page) {
  await page.getByRole('tablist', { name: 'Device sections' }).getByRole('tab', { name: 'Config' }).click();
  await page
    .getByRole('tablist', { name: 'Configuration sections' })
    .getByRole('tab', { name: 'System' })
    .click();
}

test('the guest accepts the device invite and lands on the device, which they may configure', async ({
  page,
}) => {
  await openSignedIn(page, guest, '/auth/organizations');
  const pending = page.getByRole('table', { name: 'Pending Invitations' });
  const row = pending.getByRole('row').filter({ hasText: granted.device_name });
  await expect(row.getByText('Device')).toBeVisible();
  await row.getByRole('button', { name: `Accept ${granted.device_name}` }).click();

  await expect(page).toHaveURL(new RegExp(`/devices/${granted.device_guid}$`));
  await expect(page.getByRole('heading', { name: granted.device_name })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Device sections' });
  await expect(tabs.getByRole('tab', { name: 'Users' })).toBeVisible();
  await openSystemTab(page);
  await expect(page.getByLabel('Device Name')).toBeEditable();
});

test('the read-only device opens without its Users tab, its configuration locked', async ({ page }) => {
  await openSignedIn(page, guest, '/auth/organizations');
  await page
    .getByRole('table', { name: 'Pending Invitations' })
    .getByRole('button', { name: `Accept ${viewOnly.device_name}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/devices/${viewOnly.device_guid}$`));
  const tabs = page.getByRole('tablist', { name: 'Device sections' });
  await expect(tabs.getByRole('tab', { name: 'Info' })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'Users' })).toHaveCount(0);
  await openSystemTab(page);
  await expect(page.getByLabel('Device Name')).not.toBeEditable();
});

test("the guest finds the device under Assigned To Me, not in their organization's list, and no other", async ({
  page,
}) => {
  await openSignedIn(page, guest, '/devices');
  const lists = page.getByRole('tablist', { name: 'Device lists' });
  await expect(page.getByRole('table', { name: 'Devices' }).getByText('No devices')).toBeVisible();
  await expect(page.getByText(DEMO_ORG_NAME)).toHaveCount(0);

  await lists.getByRole('tab', { name: 'Assigned To Me' }).click();
  const assigned = page.getByRole('table', { name: 'Devices assigned to me' });
  await expect(assigned.getByRole('row').filter({ hasText: granted.device_name })).toBeVisible();
  await expect(assigned.getByRole('row').filter({ hasText: viewOnly.device_name })).toBeVisible();
  await expect(assigned.getByRole('row')).toHaveCount(3);

  await page.goto(`/devices/${other.device_guid}`);
  await expect(page.getByRole('heading', { name: 'Device Error' })).toBeVisible();
  await expect(page.getByText('Device not found')).toBeVisible();
});
