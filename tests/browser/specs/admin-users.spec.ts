import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_ADMIN } from '../support/demo.ts';
import { openAsDemoAdmin } from '../support/demo-org.ts';
import { newOrg, newPerson } from '../support/people.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * User administration as platform staff use it (spec 1 §2.7, §6): the demo admin finds a new user,
 * edits the name and phone, grants a group, sees the user's tokens and organizations, and deletes them.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const person = {
  name: `Ada Lovelace ${stamp}`,
  email: `ada.${stamp}@example.com`,
  password: 'analytical-engine-1843',
};
const orgName = `Lovelace Engines ${stamp}`;
const tokenComment = `Difference engine ${stamp}`;

/** A confirmed user with an organization and an access token, made through the running server's API. */
async function createPerson(request: APIRequestContext) {
  const created = await newPerson(request, person.name, person.email, person.password);
  await newOrg(request, created, orgName);
  const token = await request.post('/v1/pats', {
    headers: { authorization: `Bearer ${created.token}` },
    data: { comment: tokenComment },
  });
  expect(token.status()).toBe(201);
}

test('the demo admin finds, edits, grants a group to and deletes a user', async ({ page, request }) => {
  test.setTimeout(120_000);
  await createPerson(request);
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);

  await page.getByRole('navigation').getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page).toHaveTitle(/ - Users$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();

  // Search by e-mail: the list follows once typing has paused.
  await page.getByRole('combobox', { name: 'Search By' }).click();
  await page.getByRole('option', { name: 'E-mail' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(`ADA.${stamp}`);
  const table = page.getByRole('table', { name: 'Users' });
  await expect(page.getByText('1 user found')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: person.name }).click();

  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  await expect(page).toHaveTitle(/ - User$/);
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details.getByLabel('Name')).toHaveValue(person.name);
  await details.getByLabel('Name').fill('');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByText('Name is required.')).toBeVisible();
  const newName = `Augusta Ada King ${stamp}`;
  await details.getByLabel('Name').fill(newName);
  await details.getByLabel('Phone').fill('+1 555-010-1843');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByText('User saved.')).toBeVisible();
  await expect(page.getByRole('heading', { name: newName, level: 1 })).toBeVisible();

  const groups = page.getByRole('region', { name: 'Admin Groups' });
  const deviceManagement = groups.getByRole('checkbox', { name: /DeviceManagement/ });
  await expect(deviceManagement).not.toBeChecked();
  await deviceManagement.check();
  await groups.getByRole('button', { name: 'Save Groups' }).click();
  await expect(groups.getByText('Groups saved.')).toBeVisible();

  const tokens = page.getByRole('region', { name: 'Access Tokens' });
  await expect(tokens.getByText(tokenComment)).toBeVisible();
  const orgs = page.getByRole('region', { name: 'Organizations' });
  await expect(orgs.getByRole('row').filter({ hasText: orgName })).toContainText('Admin');
  // Each organization opens its page (the demo admin holds OrganizationManagement).
  await orgs.getByRole('link', { name: orgName }).click();
  await expect(page).toHaveURL(/\/orgs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: orgName, level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: newName, level: 1 })).toBeVisible();

  // What was saved is what a reload shows.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Details' }).getByLabel('Phone')).toHaveValue('+15550101843');
  await expect(
    page.getByRole('region', { name: 'Admin Groups' }).getByRole('checkbox', { name: /DeviceManagement/ }),
  ).toBeChecked();

  // Back on the list, the admin deletes the user with a reason.
  await page.getByRole('navigation').getByRole('link', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(newName.slice(0, 12));
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: newName });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Delete User ${newName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete User' });
  await dialog.getByRole('button', { name: 'Delete User' }).click();
  await expect(dialog.getByText('A reason is required')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Test account no longer needed');
  await dialog.getByRole('button', { name: 'Delete User' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);

  // The deleted user can no longer sign in.
  const signInAgain = await request.post('/v1/auth/sign-in', {
    data: { email: person.email, password: person.password },
  });
  expect(signInAgain.ok()).toBe(false);
});

test("the admin's own row cannot be deleted", async ({ page }) => {
  await openAsDemoAdmin(page, '/admin/users');
  await page.getByRole('combobox', { name: 'Search By' }).click();
  await page.getByRole('option', { name: 'E-mail' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(DEMO_ADMIN.email);
  await expect(page.getByText('1 user found')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delete User/ })).toBeDisabled();
});
