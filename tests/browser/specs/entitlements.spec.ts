import { expect, test } from '@playwright/test';
import { DEMO_ADMIN } from '../support/demo.ts';
import { demoOrgHeaders, landInDemoOrg } from '../support/demo-org.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * Entitlement administration as an EntitlementManagement user works it (spec 3 §2.8, §4.7, §5): create
 * a profile and give it a value, save the base profile only after typing BASE ENTITLEMENT, then grant
 * the new profile to the organization with a licence and find it in the licence table.
 */
test('an entitlement administrator creates a profile, saves the base profile and grants a licence', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  const profileName = `Browser Extras ${stamp}`;
  const licenseName = `Browser Licence ${stamp}`;
  const headers = await demoOrgHeaders(request);
  const base = await request.get('/v1/entitlements/profiles/BASE_EDGECASTER', { headers });
  const baseName = ((await base.json()) as { profile: { profile_name: string } }).profile.profile_name;
  let profileGuid: string | undefined;
  try {
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await landInDemoOrg(page, (button) => button.click());
    await page.getByRole('navigation').getByRole('link', { name: 'Licensing & Entitlements' }).click();
    await expect(page).toHaveURL(/\/entitlements\/profiles$/);
    await expect(page.getByRole('heading', { name: 'Licensing & Entitlements', level: 1 })).toBeVisible();

    // A new profile, for an Edgecaster by default, with one feature set.
    await page.getByRole('button', { name: 'Create Profile' }).click();
    const create = page.getByRole('dialog', { name: 'Create Profile' });
    await create.getByRole('textbox', { name: 'Profile Name' }).fill(profileName);
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/entitlements\/profiles\/[0-9a-f-]{36}$/);
    profileGuid = page.url().split('/').at(-1);
    const editor = page.getByRole('region', { name: profileName });
    await expect(editor.getByRole('textbox', { name: 'Platform' })).toHaveValue('Edgecaster');
    await editor.getByRole('checkbox', { name: 'Set Zixi Outputs' }).check();
    await editor.getByRole('spinbutton', { name: 'Zixi Outputs' }).fill('9');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByText('Value Must be Between 0 and 8')).toBeVisible();
    await editor.getByRole('spinbutton', { name: 'Zixi Outputs' }).fill('2');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByText('Profile saved.')).toBeVisible();

    // The base profile saves only once BASE ENTITLEMENT is typed (renamed, so no device's values change).
    await page.getByRole('button', { name: baseName, exact: true }).click();
    const baseEditor = page.getByRole('region', { name: baseName });
    await baseEditor.getByRole('textbox', { name: 'Profile Name' }).fill(`${baseName} ${stamp}`);
    await baseEditor.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('dialog', { name: 'Save Base Profile' });
    await expect(confirm.getByRole('button', { name: 'Save' })).toBeDisabled();
    await confirm.getByRole('textbox', { name: 'Confirmation' }).fill('base entitlement');
    await confirm.getByRole('button', { name: 'Save' }).click();
    await expect(baseEditor.getByText('Profile saved.')).toBeVisible();
    await expect(page.getByRole('button', { name: `${baseName} ${stamp}`, exact: true })).toBeVisible();

    // A licence of the new profile for the organization, two devices' worth, found in the table.
    await page.getByRole('tab', { name: 'Licenses' }).click();
    await page.getByRole('button', { name: 'Create License' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create License' });
    await dialog.getByRole('combobox', { name: 'Profile' }).click();
    await page.getByRole('option', { name: `${profileName} (Edgecaster)` }).click();
    await dialog.getByRole('spinbutton', { name: 'Allocation Count' }).fill('2');
    await dialog.getByRole('textbox', { name: 'License Name' }).fill(licenseName);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(licenseName) });
    await expect(row).toContainText(profileName);
    await row.getByRole('button', { name: `Show details of ${licenseName}` }).click();
    await expect(page.getByText('Per-Device License (2 allocated, 0 in use)')).toBeVisible();
  } finally {
    await request.patch('/v1/entitlements/profiles/BASE_EDGECASTER', {
      headers,
      data: { profile_name: baseName },
    });
    if (profileGuid) {
      const licences = await request.get('/v1/entitlements/licenses', {
        headers,
        params: { profile_guid: profileGuid },
      });
      for (const { license_id } of ((await licences.json()) as { licenses?: { license_id: string }[] })
        .licenses ?? [])
        await request.delete(`/v1/entitlements/licenses/${license_id}`, {
          headers,
          data: { reason: 'Test done' },
        });
      await request.delete(`/v1/entitlements/profiles/${profileGuid}`, {
        headers,
        data: { reason: 'Test done' },
      });
    }
  }
});
