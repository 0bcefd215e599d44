import { expect, type Page, test } from '@playwright/test';
import { SSO_PROVIDER } from '../support/demo.ts';
import { waitForMailLink, waitForMailMatch } from '../support/mailbox.ts';

/** Spec 1 §2.3 stages beyond the foundation: forgot_password and sso, as a person walks them. */

async function signUpAndConfirm(page: Page, email: string, password: string) {
  await page.goto('/auth/signup');
  await page.getByLabel('I agree to the Terms of the Cloud Services Agreement as defined.').check();
  await page.getByLabel('Full Name').fill('Reset Tester');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Please confirm your account...' })).toBeVisible();
  await page.goto(await waitForMailLink(email, /\/auth\/confirm\?.*code=\d{6}/));
  await expect(page.getByText('Your account has been confirmed. You can sign in now.')).toBeVisible();
}

test('a user who forgot the password resets it with the e-mailed code and is signed in', async ({ page }) => {
  const email = `forgetful.${Date.now()}@example.com`;
  await signUpAndConfirm(page, email, 'the-first-password');

  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'I Forgot My Password' }).click();
  await expect(page.getByRole('button', { name: 'Update Password' })).toBeVisible();

  await page.getByLabel('Reset Code').fill('12');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Reset Code needs to be longer')).toBeVisible();
  await expect(page.getByText('Password is required').first()).toBeVisible();

  const code = await waitForMailMatch(email, /reset code is (\d{6})/);
  await page.getByLabel('Reset Code').fill(code);
  await page.getByLabel('New Password').fill('the-second-password');
  await page.getByLabel('Confirm Password').fill('the-second-password');
  await page.getByRole('button', { name: 'Update Password' }).click();
  // Signed in with the new password: a new account without organizations lands on the selection.
  await expect(page.getByRole('heading', { name: 'Awaiting Invitation' })).toBeVisible();
});

test('an account of a single sign-on domain signs in at its provider and comes back signed in', async ({
  page,
}) => {
  const email = `jane.${Date.now()}@${SSO_PROVIDER.domains[0]}`;
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'SSO Login' })).toBeVisible();
  await page.getByRole('button', { name: SSO_PROVIDER.label }).click();

  // The provider's own sign-in page (oidc-provider's development form), prefilled with the e-mail.
  await expect(page.getByRole('heading', { name: 'Sign-in' })).toBeVisible();
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await expect(page).toHaveURL(/\/auth\/organizations/);
  await expect(page.getByRole('heading', { name: 'Awaiting Invitation' })).toBeVisible();
});

test('a provider return without its state logs out and starts over', async ({ page }) => {
  await page.goto('/auth/oauth_complete?code=only-a-code');
  await expect(page.getByRole('heading', { name: 'User Login' })).toBeVisible();
});

test('the legal documents open over the sign-in page with a close button, and on their own page without', async ({
  page,
}) => {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'View the Cloud Services Agreement (CSA)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cloud Services Agreement' });
  await expect(dialog.getByText('Fees are due 30 days from the date of the invoice.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Cloud Services Agreement' }).click();
  await expect(page).toHaveURL(/\/legal\/csa$/);
  await expect(page).toHaveTitle(/ - Legal Documents$/);
  await page.getByRole('tab', { name: 'Acceptable Use Policy' }).click();
  await expect(page.getByText('Sending spam or other unsolicited messages.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close' })).toHaveCount(0);
});
