import type { Device } from '@ec/contract/devices';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolationsInBothThemes } from '../support/axe.ts';
import { DEMO_ADMIN } from '../support/demo.ts';
import { demoOrgDevices } from '../support/demo-org.ts';
import { expectNoHorizontalScroll, expectWithinWidth } from '../support/layout.ts';
import { apiToken, newPerson, type Person } from '../support/people.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * Shadow templates (spec 3 §3.13, §6, §7) against simulated encoders: the demo admin saves one
 * device's Outputs configuration as an organization template and applies it to another device, which
 * applies it and reports the same outputs; a read-only member of the organization sees the templates
 * but can neither save, delete nor apply them. The Templates dialog has no serious axe violation.
 */
test.describe.configure({ mode: 'serial' });

const templateName = `Outputs template ${Date.now() % 100_000}`;
let source: Device;
let target: Device;
let sourceOutputNames: string[];
let reader: Person;

/** The names of a device's reported outputs, through the API. */
async function outputNames(request: APIRequestContext, token: string, device: Device) {
  const response = await request.get(`/v1/devices/${device.device_guid}/shadows`, {
    headers: { authorization: `Bearer ${token}`, 'x-org-guid': device.org_guid ?? '' },
    params: { shadow_names: 'Outputs' },
  });
  expect(response.ok()).toBe(true);
  const { shadows } = (await response.json()) as {
    shadows: { reported: { state: { outputs?: { config?: { name?: string } }[] } | null } | null }[];
  };
  return (shadows[0]?.reported?.state?.outputs ?? []).map((output) => output.config?.name ?? '');
}

test.beforeAll(async ({ request }) => {
  const admin = await apiToken(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const online = (await demoOrgDevices(request)).filter((device) => device.online);
  const named = await Promise.all(
    online.map(async (device) => ({ device, names: await outputNames(request, admin, device) })),
  );
  // The richest configuration is the source; the target is a device whose outputs differ from it.
  named.sort((a, b) => b.names.length - a.names.length);
  const [from] = named;
  const to = named.find((other) => other.names.join('|') !== from?.names.join('|'));
  if (!from || !to) throw new Error('the demo organization needs two online devices with different outputs');
  [source, target, sourceOutputNames] = [from.device, to.device, from.names];

  // A read-only member of the demo organization: signed up, invited at access 100, accepted.
  reader = await newPerson(request, 'Rita Reader');
  const invite = await request.post('/v1/invites', {
    headers: { authorization: `Bearer ${admin}`, 'x-org-guid': source.org_guid ?? '' },
    data: { org_guid: source.org_guid, target_email: reader.email, access: 100 },
  });
  expect(invite.status()).toBe(201);
  const { invite_guid } = (await invite.json()) as { invite_guid: string };
  const accepted = await request.post('/v1/invites/accept', {
    headers: { authorization: `Bearer ${reader.token}` },
    data: { invite_guid },
  });
  expect(accepted.status()).toBe(200);
});

async function openTemplates(page: Page, device: Device) {
  await page.goto(`/devices/${device.device_guid}/config/outputs`);
  await expect(page.getByTestId('shadow-version')).not.toHaveText('Version: —');
  await page.getByRole('button', { name: 'Templates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Outputs templates' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("the demo admin saves a device's outputs as a template and applies it to another device", async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);

  const dialog = await openTemplates(page, source);
  await expect(
    dialog.getByRole('list', { name: 'Organization templates' }).or(dialog.getByText(/No templates yet/)),
  ).toBeVisible();
  await dialog.getByLabel('Template name').fill(templateName);
  await dialog.getByRole('button', { name: 'Save as template' }).click();
  await expect(dialog.getByText(`Saved the template “${templateName}”.`)).toBeVisible();
  const list = dialog.getByRole('list', { name: 'Organization templates' });
  await expect(list.getByRole('listitem').filter({ hasText: templateName })).toBeVisible();
  expect(await seriousViolationsInBothThemes(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();

  const onTarget = await openTemplates(page, target);
  await onTarget.getByRole('button', { name: `Apply ${templateName}` }).click();
  const apply = page.getByRole('dialog', { name: `Apply “${templateName}”` });
  await expect(
    apply.getByRole('list', { name: 'What changes on this device' }).getByRole('listitem').first(),
  ).toBeVisible();
  await apply.getByRole('button', { name: 'Apply to this device' }).click();
  await expect(apply).toBeHidden();
  await expect(page.getByText(/The device applied the configuration/)).toBeVisible();

  // The device reports the template's outputs: after a reload they come from its reported document.
  await page.reload();
  const table = page.getByRole('table', { name: 'Outputs' });
  for (const name of sourceOutputNames)
    await expect(table.getByRole('row').filter({ hasText: name }).first()).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(sourceOutputNames.length + 1);
});

test('a read-only member sees the templates but can neither save, delete nor apply them', async ({
  page,
}) => {
  await signIn(page, reader.email, reader.password);
  const dialog = await openTemplates(page, target);
  await expect(dialog.getByRole('listitem').filter({ hasText: templateName })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save as template' })).toHaveCount(0);
  await expect(dialog.getByLabel('Template name')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: `Delete ${templateName}` })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: `Apply ${templateName}` })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the device that took the template has nothing left to change, and the dialog fits the screen', async ({
    page,
  }) => {
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const dialog = await openTemplates(page, target);
    await expectWithinWidth(dialog.getByLabel('Template name'));
    await dialog.getByRole('button', { name: `Apply ${templateName}` }).click();
    const apply = page.getByRole('dialog', { name: `Apply “${templateName}”` });
    await expect(apply.getByText(/This device already has this configuration/)).toBeVisible();
    await expect(apply.getByRole('button', { name: 'Apply to this device' })).toBeDisabled();
    await expectWithinWidth(apply.getByRole('button', { name: 'Back' }));
    await expectNoHorizontalScroll(page);
    // Escape closes it and gives the focus back to the Templates button.
    await page.keyboard.press('Escape');
    await expect(apply).toBeHidden();
    await expect(page.getByRole('button', { name: 'Templates' })).toBeFocused();
  });
});
