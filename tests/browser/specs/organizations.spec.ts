import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../support/demo.ts';
import { landInDemoOrg, openAsDemoAdmin } from '../support/demo-org.ts';
import { apiToken, newOrg, newPerson } from '../support/people.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * Organization management as the demo admin walks it (spec 1 §2.6, §4.3): create an organization, find
 * it by search, rename it, change a member's level with Revert and Save, switch to it, and delete one
 * with a reason.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const orgName = `Orbit Studios ${stamp}`;
const renamed = `Orbit Media ${stamp}`;
const member = { name: 'Mary Member', email: `mary.${stamp}@example.com`, password: 'member-password-1' };

/** A second member for the organization, through the API: sign up, confirm, invite, accept. */
async function addMember(request: APIRequestContext, orgGuid: string) {
  const { token: memberToken } = await newPerson(request, member.name, member.email, member.password);
  const adminToken = await apiToken(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const invite = await request.post('/v1/invites', {
    headers: { authorization: `Bearer ${adminToken}`, 'x-org-guid': orgGuid },
    data: { org_guid: orgGuid, target_email: member.email, access: 100 },
  });
  expect(invite.status()).toBe(201);
  const { invite_guid } = (await invite.json()) as { invite_guid: string };
  const accepted = await request.post('/v1/invites/accept', {
    headers: { authorization: `Bearer ${memberToken}` },
    data: { invite_guid },
  });
  expect(accepted.status()).toBe(200);
}

/** Types into the search box and waits for the server-side search (2 s pause) to show `name`. */
async function search(page: Page, text: string) {
  await page.getByLabel('Search Organizations').fill(text);
  await expect(page.getByRole('table', { name: 'Organizations' }).getByRole('row')).toHaveCount(2);
}

test('the admin creates an organization, finds it, renames it and manages a member', async ({
  page,
  request,
}) => {
  await openAsDemoAdmin(page, '/orgs');
  await expect(page).toHaveTitle(/Organizations/);
  await page.getByRole('button', { name: 'Create Org' }).click();
  const create = page.getByRole('dialog', { name: 'Create Organization' });
  await create.getByLabel('Organization Name').fill(orgName);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create).toBeHidden();

  await search(page, `Studios ${stamp}`);
  const table = page.getByRole('table', { name: 'Organizations' });
  await expect(table.getByRole('cell', { name: orgName, exact: true })).toBeVisible();
  await table.getByRole('link', { name: `Edit ${orgName}` }).click();
  await expect(page.getByRole('heading', { name: orgName })).toBeVisible();
  const orgGuid = page.url().split('/orgs/')[1]!;

  await page.getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Organization' });
  await rename.getByLabel('Organization Name').fill(renamed);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('heading', { name: renamed })).toBeVisible();

  await addMember(request, orgGuid);
  await page.reload();
  const level = page.getByLabel(`Access for ${member.name}`);
  await expect(level).toHaveValue('100');

  // Revert throws the local change away.
  await level.selectOption('200');
  await expect(page.getByText('You have unsaved changes.')).toBeVisible();
  await page.getByRole('button', { name: 'Revert' }).click();
  await expect(level).toHaveValue('100');
  await expect(page.getByText('You have unsaved changes.')).toBeHidden();

  // Save sends the whole list; the level holds after a reload.
  await level.selectOption('300');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('You have unsaved changes.')).toBeHidden();
  await page.reload();
  await expect(page.getByLabel(`Access for ${member.name}`)).toHaveValue('300');
});

test('the admin switches to the organization, then deletes it with a reason', async ({ page }) => {
  await openAsDemoAdmin(page, '/orgs');
  await search(page, `Media ${stamp}`);
  await page.getByRole('link', { name: `Edit ${renamed}` }).click();
  await page.getByRole('button', { name: 'Switch to this Org' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The list highlights the organization used last.
  await page.goto('/orgs');
  await search(page, `Media ${stamp}`);
  const row = page.getByRole('row', { name: new RegExp(renamed) });
  await expect(row.getByText('Last used')).toBeVisible();

  await row.getByRole('button', { name: `Delete ${renamed}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Organization' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await dialog.getByLabel('Reason').fill('End of the pilot');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: renamed, exact: true })).toBeHidden();
});

test("platform staff find another person's organization among all organizations", async ({
  page,
  request,
}) => {
  const owner = await newPerson(request, 'Olga Outsider');
  const outsideName = `Outside Works ${stamp}`;
  await newOrg(request, owner, outsideName);
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await landInDemoOrg(page, (button) => button.click());

  // The admin menu's Organizations opens every organization of the platform.
  await page.getByRole('navigation').getByRole('link', { name: 'Organizations' }).click();
  await expect(page).toHaveURL(/\/orgs\?scope=all$/);
  await expect(page.getByRole('tab', { name: 'All Organizations' })).toHaveAttribute('aria-selected', 'true');
  await search(page, `Works ${stamp}`);
  await page.getByRole('link', { name: `Edit ${outsideName}` }).click();

  // The demo admin is no member: managed as its admin, but not one to switch to.
  await expect(page.getByRole('heading', { name: outsideName, level: 1 })).toBeVisible();
  await expect(page.getByText('Your access:').locator('..')).toHaveText('Your access:Admin');
  await expect(page.getByRole('button', { name: 'Rename' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Switch to this Org' })).toHaveCount(0);

  // Back returns to the list it came from; My Organizations holds only the admin's own.
  await page.getByRole('main').getByRole('link', { name: 'Organizations' }).click();
  await expect(page).toHaveURL(/\/orgs\?scope=all$/);
  await page.getByRole('tab', { name: 'My Organizations' }).click();
  await expect(page).toHaveURL(/\/orgs$/);
  await page.getByLabel('Search Organizations').fill(`Works ${stamp}`);
  await expect(page.getByText('No organizations match')).toBeVisible();
});
