import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { rulesFor, seriousViolations, switchColorScheme } from '../support/axe.ts';
import { DEMO_ADMIN } from '../support/demo.ts';
import { expectNoHorizontalScroll } from '../support/layout.ts';
import { readInbox, waitForMailLink } from '../support/mailbox.ts';
import { waitForTextedCode } from '../support/sms-inbox.ts';

/**
 * The account page as a person uses it (spec 1 §2.5, §4.4): a new user edits the profile, verifies the
 * phone number with a texted code, turns TOTP on and signs in with it, changes the password and the
 * e-mail address, and deletes the account.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const person = {
  name: 'Katherine Johnson',
  email: `katherine.${stamp}@example.com`,
  password: 'orbital-mechanics-1962',
  newPassword: 'friendship-seven-reentry',
  newEmail: `k.johnson.${stamp}@example.com`,
};
const LANDING = /\/auth\/organizations|\/dashboard/;

/** TOTP as the server checks it: SHA-1, 6 digits, 30 s steps, one step of skew either way. */
const PERIOD_MS = 30_000;
let lastTotpStep = -1;

/**
 * A code the server accepts once: each sign-in needs a newer step than the last one used, so wait
 * for the clock when the previous code was of the next step already.
 */
async function nextTotpCode(secret: string): Promise<string> {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  const currentStep = () => Math.floor(Date.now() / PERIOD_MS);
  const step = Math.max(lastTotpStep + 1, currentStep());
  while (step > currentStep() + 1) await new Promise((resolve) => setTimeout(resolve, 500));
  lastTotpStep = step;
  return totp.generate({ timestamp: step * PERIOD_MS });
}

/** The newest code of the form 'Your verification code is 123456.' e-mailed to `to`. */
async function waitForMailedCode(to: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const mail of readInbox(process.env.EC_MAIL_DIR!, to).reverse()) {
      const code = /verification code is (\d{6})/.exec(mail.text)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no verification code e-mailed to ${to}`);
}

/** Signs in, answering the 'TOTP Login' stage when a secret is given. */
async function signIn(page: Page, email: string, password: string, totpSecret?: string) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  if (totpSecret) {
    await expect(page.getByRole('heading', { name: 'TOTP Login' })).toBeVisible();
    await page.getByLabel('TOTP Code').fill(await nextTotpCode(totpSecret));
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(page).toHaveURL(LANDING);
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

async function openAccount(page: Page) {
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/ - My Account$/);
}

test('a person signs up, then manages the account until deleting it', async ({ page, context }) => {
  test.setTimeout(180_000);

  await test.step('sign up and confirm from the e-mail', async () => {
    await page.goto('/auth/signup');
    await page.getByLabel('I agree to the Terms of the Cloud Services Agreement as defined.').check();
    await page.getByLabel('Full Name').fill(person.name);
    await page.getByLabel('E-mail').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByLabel('Confirm Password').fill(person.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'Please confirm your account...' })).toBeVisible();

    const link = await waitForMailLink(person.email, /\/auth\/confirm\?.*code=\d{6}/);
    const mailTab = await context.newPage();
    await mailTab.goto(link);
    await expect(mailTab.getByText('Your account has been confirmed. You can sign in now.')).toBeVisible();
    await mailTab.close();
    await expect(page).toHaveURL(LANDING, { timeout: 15_000 });
  });

  await test.step('change name and phone', async () => {
    await openAccount(page);
    const profile = page.getByRole('region', { name: 'Profile' });
    await expect(profile.getByLabel('E-mail', { exact: true })).toHaveValue(person.email);
    await profile.getByLabel('Phone').fill('+44 20 7946 0958');
    await profile.getByRole('button', { name: 'Save Profile' }).click();
    await expect(profile.getByText('Phone must be a US or CA number such as +1 555 123 4567')).toBeVisible();

    await profile.getByLabel('Name', { exact: true }).fill('Katherine G. Johnson');
    await profile.getByLabel('Phone').fill('+1 757-555 0142');
    await profile.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Profile saved.')).toBeVisible();

    await page.reload();
    await expect(profile.getByLabel('Name', { exact: true })).toHaveValue('Katherine G. Johnson');
    await expect(profile.getByLabel('Phone')).toHaveValue('+17575550142');
  });

  await test.step('verify the phone with the texted code, on a phone-sized window', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const profile = page.getByRole('region', { name: 'Profile' });
    await expect(profile.getByText('Not verified', { exact: true })).toBeVisible();
    await profile.getByRole('button', { name: 'Verify Phone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify Your Phone' });
    await expect(dialog).toContainText('+17575550142');
    await dialog.getByRole('button', { name: 'Send Code' }).click();
    await expect(dialog.getByText('A verification code has been texted to +17575550142.')).toBeVisible();
    // A code was sent a moment ago: a re-send has to wait 30 s.
    await dialog.getByRole('button', { name: 'Re-send Code' }).click();
    await expect(dialog.getByText('Please Wait Before Resending the Verification Code')).toBeVisible();
    await expectNoHorizontalScroll(page);
    for (const colorScheme of ['light', 'dark'] as const) {
      await switchColorScheme(page, colorScheme);
      expect(
        await seriousViolations(page, undefined, rulesFor(colorScheme)),
        `the dialog in the ${colorScheme} theme`,
      ).toEqual([]);
    }

    await dialog.getByLabel('Verification Code').fill(await waitForTextedCode('+17575550142'));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Phone number verified.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(profile.getByText('Verified', { exact: true })).toBeVisible();
    await expect(profile.getByRole('button', { name: 'Verify Phone' })).toHaveCount(0);
    for (const colorScheme of ['light', 'dark'] as const) {
      await switchColorScheme(page, colorScheme);
      expect(
        await seriousViolations(page, undefined, rulesFor(colorScheme)),
        `the verified state in the ${colorScheme} theme`,
      ).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: null });
    await page.reload();
    await expect(profile.getByText('Verified', { exact: true })).toBeVisible();

    // Another number is not verified.
    await profile.getByLabel('Phone').fill('+1 757-555 0143');
    await expect(profile.getByText('Verified', { exact: true })).toHaveCount(0);
    await profile.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Profile saved.')).toBeVisible();
    await expect(profile.getByText('Not verified', { exact: true })).toBeVisible();
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  let secret = '';
  await test.step('enable TOTP with a code computed from the secret on the page', async () => {
    const mfa = page.getByRole('region', { name: 'Multi-Factor Authentication' });
    await expect(mfa.getByRole('button', { name: 'Disable MFA' })).toHaveCount(0);
    await mfa.getByRole('button', { name: 'Enable TOTP' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enable TOTP' });
    await expect(dialog.getByRole('img', { name: 'TOTP QR code' })).toBeVisible();
    secret = await dialog.getByLabel('Secret').inputValue();
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);

    await dialog.getByLabel('TOTP Code').fill(await nextTotpCode(secret));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Enabled TOTP successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(mfa.getByRole('button', { name: 'Enable TOTP' })).toHaveCount(0);
    await expect(mfa.getByRole('button', { name: 'Disable MFA' })).toBeVisible();
  });

  await test.step('sign out and sign in again answering the TOTP Login stage', async () => {
    await signOut(page);
    await signIn(page, person.email, person.password, secret);
  });

  await test.step('change the password, and sign in with the new one', async () => {
    await openAccount(page);
    const box = page.getByRole('region', { name: 'Change Password' });
    await box.getByLabel('Current Password').fill(person.password);
    await box.getByLabel('New Password').fill(person.newPassword);
    await box.getByLabel('Confirm Password').fill(`${person.newPassword}!`);
    await box.getByRole('button', { name: 'Change Password' }).click();
    await expect(box.getByText('Passwords don`t match')).toBeVisible();

    await box.getByLabel('Confirm Password').fill(person.newPassword);
    await box.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password changed successfully.')).toBeVisible();

    await signOut(page);
    await signIn(page, person.email, person.newPassword, secret);
  });

  await test.step('change the e-mail address with the code e-mailed to it', async () => {
    await openAccount(page);
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByLabel('E-mail', { exact: true }).fill(person.newEmail);
    await profile.getByRole('button', { name: 'Save Profile' }).click();

    const dialog = page.getByRole('dialog', { name: 'Verify Your New E-mail' });
    await expect(dialog).toContainText(person.newEmail);
    // A code was sent a moment ago: a re-send has to wait 30 s.
    await dialog.getByRole('button', { name: 'Re-send Code' }).click();
    await expect(dialog.getByText('Please Wait Before Resending the Verification Code')).toBeVisible();

    await dialog.getByLabel('Verification Code').fill(await waitForMailedCode(person.newEmail));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('E-mail address changed.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(profile.getByLabel('E-mail', { exact: true })).toHaveValue(person.newEmail);

    // The dialog stays away after a reload: the change is done.
    await page.reload();
    await expect(profile.getByLabel('E-mail', { exact: true })).toHaveValue(person.newEmail);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  await test.step('delete the account with a reason and land on the login', async () => {
    const box = page.getByRole('region', { name: 'Delete Account' });
    await box.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(dialog.getByText('Reason is required')).toBeVisible();

    await dialog.getByLabel('Reason').fill('Retiring from the programme');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(page.getByRole('heading', { name: 'User Login' })).toBeVisible();

    // The address is free again: the console offers to create an account for it.
    await page.getByLabel('E-mail').fill(person.newEmail);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Create New Account' })).toBeVisible();
  });
});

test('a platform admin also gets the shadow debug toggle', async ({ page }) => {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await openAccount(page);
  const settings = page.getByRole('region', { name: 'Browser Specific Settings' });
  const shadowDebug = settings.getByRole('switch', { name: 'Shadow Debug' });
  await expect(shadowDebug).not.toBeChecked();
  await shadowDebug.check();
  await page.reload();
  await expect(shadowDebug).toBeChecked();
  await expect(settings.getByRole('switch', { name: 'Dark Mode' })).toBeVisible();
});
