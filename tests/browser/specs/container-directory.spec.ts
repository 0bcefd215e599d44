import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolationsInBothThemes } from '../support/axe.ts';
import { DEMO_ADMIN } from '../support/demo.ts';
import { expectNoHorizontalScroll } from '../support/layout.ts';
import { apiToken, newOrgAdmin, newPerson, type Person } from '../support/people.ts';
import { openSignedIn, signIn } from '../support/sign-in.ts';

/**
 * The container directory (spec 3 §2.9, §4.6): a container administrator who is not platform staff
 * finds it in the menu, creates an entry (Save only once the name and image url are in), edits and
 * deletes it after the confirmation; a person without ContainerManagement reads it with every field
 * disabled, on a phone's width.
 */

const stamp = Date.now();
const entryName = `SRT Relay ${stamp}`;

/** A new person with an organization, whom the demo admin (UserManagement) gives ContainerManagement alone. */
async function containerAdministrator(request: APIRequestContext): Promise<Person> {
  const person = await newOrgAdmin(request, 'Cora Containers', `Cora's Studio ${stamp}`);
  const session = await request.get('/v1/auth/session', {
    headers: { authorization: `Bearer ${person.token}` },
  });
  const { user } = (await session.json()) as { user: { user_guid: string } };
  const admin = await apiToken(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const granted = await request.put(`/v1/users/${user.user_guid}/groups`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { groups: ['ContainerManagement'] },
  });
  expect(granted.ok()).toBe(true);
  return person;
}

const detail = (page: Page) =>
  page.getByRole('region').filter({ has: page.getByRole('tab', { name: 'Info' }) });

test('a container administrator creates, edits and deletes an entry; others read it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(60_000);
  const [keeper, reader] = await Promise.all([
    containerAdministrator(request),
    newPerson(request, 'Rex Reader'),
  ]);
  await signIn(page, keeper.email, keeper.password, /\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Provisioned Devices' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Container Directory' }).click();
  await expect(page).toHaveURL(/\/admin\/containers$/);
  await expect(page.getByRole('heading', { name: 'Container Directory', level: 1 })).toBeVisible();

  // Create: Save waits for the name and the image url.
  await page.getByRole('button', { name: 'Create Container' }).click();
  const save = page.getByRole('button', { name: 'Save Container' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Container Name').fill(entryName);
  await expect(save).toBeDisabled();
  await page.getByLabel('Image Url').fill('ghcr.io/acme-streaming/srt-relay:1.0.0');
  await page.getByLabel('Company Name').fill('Acme Streaming Labs');
  await page.getByRole('checkbox', { name: 'Published' }).check();
  // The manifest as a form, then as JSON, which must parse.
  await page.getByRole('tab', { name: 'Manifest' }).click();
  await page.getByRole('button', { name: 'Add Port' }).click();
  await page.getByLabel('Host Port 1').fill('9000');
  await page.getByLabel('Container Port 1').fill('9000');
  await expect(save).toBeEnabled();
  expect(await seriousViolationsInBothThemes(page, 'main')).toEqual([]);
  await page.getByRole('button', { name: 'JSON' }).click();
  const json = page.getByLabel('Manifest (JSON)');
  await expect(json).toHaveValue(/"host_port": 9000/);
  await json.fill('{"ports": [');
  await expect(page.getByText('Invalid JSON')).toBeVisible();
  await expect(save).toBeDisabled();
  await json.fill('{"ports": [{"host_port": 9000, "container_port": 9000, "protocol": "udp"}]}');
  await expect(save).toBeEnabled();
  await save.click();
  // The list reloads and the selection clears.
  await expect(page.getByText('Select a container, or create one.')).toBeVisible();
  const list = page.getByRole('list', { name: 'Containers' });
  await list.getByRole('button', { name: new RegExp(entryName) }).click();
  await expect(detail(page).getByLabel('Container GUID')).toHaveValue(/^[0-9a-f-]{36}$/);
  await expect(save).toBeDisabled();

  // Edit: a change enables Save.
  await page.getByLabel('Container Description').fill('Relays SRT to eight listeners.');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Select a container, or create one.')).toBeVisible();

  // A reader without ContainerManagement, on a phone: the entry with every field disabled.
  const readerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const readerPage = await readerContext.newPage();
  await openSignedIn(readerPage, reader, '/admin/containers');
  await readerPage
    .getByRole('list', { name: 'Containers' })
    .getByRole('button', { name: new RegExp(entryName) })
    .click();
  await expect(readerPage.getByLabel('Container Description')).toHaveValue('Relays SRT to eight listeners.');
  await expect(readerPage.getByLabel('Container Name')).toBeDisabled();
  await expect(readerPage.getByRole('checkbox', { name: 'Published' })).toBeDisabled();
  await expect(readerPage.getByRole('button', { name: 'Create Container' })).toBeDisabled();
  await expect(readerPage.getByRole('button', { name: 'Delete Container' })).toBeDisabled();
  await expectNoHorizontalScroll(readerPage);
  await readerContext.close();

  // Delete after the confirmation.
  await list.getByRole('button', { name: new RegExp(entryName) }).click();
  await page.getByRole('button', { name: 'Delete Container' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Container' });
  await expect(dialog).toContainText(`Are you sure you want to delete ${entryName}?`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(list.getByRole('button', { name: new RegExp(entryName) })).toHaveCount(0);
});
