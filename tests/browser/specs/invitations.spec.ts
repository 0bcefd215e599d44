import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_ADMIN } from '../support/demo.ts';
import { openAsDemoAdmin } from '../support/demo-org.ts';
import { waitForMailLink } from '../support/mailbox.ts';
import { apiToken } from '../support/people.ts';

/**
 * Invitations as people walk them (spec 1 §2.4, §2.6, §4.2): the demo admin invites a new address to the
 * demo organization, that person signs up, finds the invites pending on the organization selection,
 * declines one and accepts the other, and lands in the organization.
 */
test.describe.configure({ mode: 'serial' });

const DEMO_ORG_NAME = 'Demo Broadcast Co.';
const stamp = Date.now();
const invitee = { name: 'Ivy Invitee', email: `ivy.${stamp}@example.com`, password: 'invitee-password-1' };
const declinedOrgName = `Declined Studios ${stamp}`;

async function adminHeaders(request: APIRequestContext) {
  return { authorization: `Bearer ${await apiToken(request, DEMO_ADMIN.email, DEMO_ADMIN.password)}` };
}

async function demoOrgGuid(request: APIRequestContext) {
  const response = await request.get('/v1/orgs?pagination_size=1000', {
    headers: await adminHeaders(request),
  });
  const { orgs } = (await response.json()) as { orgs: { org_guid: string; org_name: string }[] };
  const demo = orgs.find((org) => org.org_name === DEMO_ORG_NAME);
  if (!demo) throw new Error('the demo organization is missing');
  return demo.org_guid;
}

test('the demo admin invites a new address from the organization page, and cancels another', async ({
  page,
  request,
}) => {
  const orgGuid = await demoOrgGuid(request);
  await openAsDemoAdmin(page, `/orgs/${orgGuid}`);
  const invites = page.getByRole('region', { name: 'Invites' });
  await expect(invites.getByRole('heading', { name: 'Invites' })).toBeVisible();

  await invites.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await expect(dialog.getByLabel('Access')).toHaveValue('100');
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(dialog.getByText('E-mail is required')).toBeVisible();
  await dialog.getByLabel('E-mail').fill(invitee.email.toUpperCase());
  await dialog.getByLabel('Access').selectOption({ label: 'User' });
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(dialog).toBeHidden();
  const row = invites.getByRole('row').filter({ hasText: invitee.email });
  await expect(row).toBeVisible();
  await expect(row.getByText('User')).toBeVisible();

  // A member cannot be invited.
  await invites.getByRole('button', { name: 'Invite User' }).click();
  await dialog.getByLabel('E-mail').fill(DEMO_ADMIN.email);
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(dialog.getByText('A user with this email already exists in the organization.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // An invite sent by mistake is cancelled.
  const mistake = `mistake.${stamp}@example.com`;
  await invites.getByRole('button', { name: 'Invite User' }).click();
  await dialog.getByLabel('E-mail').fill(mistake);
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(dialog).toBeHidden();
  await invites.getByRole('button', { name: `Cancel Invite for ${mistake}` }).click();
  await expect(invites.getByText(mistake)).toBeHidden();
  await expect(row).toBeVisible();

  const link = await waitForMailLink(invitee.email, /\/auth\/organizations$/);
  expect(new URL(link).pathname).toBe('/auth/organizations');
});

test('a second organization invites the same address through the API', async ({ request }) => {
  const headers = await adminHeaders(request);
  const created = await request.post('/v1/orgs', { headers, data: { org_name: declinedOrgName } });
  expect(created.status()).toBe(201);
  const { org_guid } = (await created.json()) as { org_guid: string };
  const invite = await request.post('/v1/invites', {
    headers,
    data: { org_guid, target_email: invitee.email, access: 300 },
  });
  expect(invite.status()).toBe(201);
});

test('the invited person signs up, declines one invite, accepts the other and lands in the organization', async ({
  page,
  context,
}) => {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(invitee.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Account' })).toBeVisible();
  await page.getByLabel('Full Name').fill(invitee.name);
  await page.getByLabel('Password', { exact: true }).fill(invitee.password);
  await page.getByLabel('Confirm Password').fill(invitee.password);
  await page.getByLabel('I agree to the Terms of the Cloud Services Agreement as defined.').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Please confirm your account...' })).toBeVisible();

  const link = await waitForMailLink(invitee.email, /\/auth\/confirm\?.*code=\d{6}/);
  const mailTab = await context.newPage();
  await mailTab.goto(link);
  await expect(mailTab.getByText('Your account has been confirmed. You can sign in now.')).toBeVisible();
  await mailTab.close();

  // The sign-in is retried every 5 s; the new account lands on the organization selection.
  const pending = page.getByRole('table', { name: 'Pending Invitations' });
  await expect(pending).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Awaiting Invitation' })).toBeHidden();
  await expect(pending.getByRole('row').filter({ hasText: DEMO_ORG_NAME })).toBeVisible();
  await expect(pending.getByRole('row').filter({ hasText: declinedOrgName })).toBeVisible();

  await pending.getByRole('button', { name: `Decline ${declinedOrgName}` }).click();
  await expect(pending.getByRole('row').filter({ hasText: declinedOrgName })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Awaiting Invitation' })).toBeHidden();

  await pending.getByRole('button', { name: `Accept ${DEMO_ORG_NAME}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByText(DEMO_ORG_NAME),
  ).toBeVisible();

  // The organization list now holds the demo organization with the invited access, and no invite waits.
  await page.goto('/auth/organizations');
  const orgs = page.getByRole('table', { name: 'Organizations' });
  const demoRow = orgs.getByRole('row').filter({ hasText: DEMO_ORG_NAME });
  await expect(demoRow).toBeVisible();
  await expect(demoRow.getByText('User')).toBeVisible();
  await expect(orgs.getByRole('row').filter({ hasText: declinedOrgName })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Pending Invitations' })).toBeHidden();
});
