import { expect, type Page } from '@playwright/test';

/** Where the console lands after signing in: an organization's dashboard, or the selection page. */
const LANDING = /\/(dashboard|auth\/organizations)/;

/**
 * Signs in with e-mail and password through the login page and waits for the console to land
 * (navigating on before it lands would race the session being stored).
 */
export async function signIn(page: Page, email: string, password: string, landing: RegExp = LANDING) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(landing);
}
