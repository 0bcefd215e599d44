import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { DEMO_ADMIN } from '../support/demo.ts';

/**
 * The session of the demo admin, signed in through the login page, as a Playwright storage state file
 * (the caller removes it): the measurements load signed-in pages with it.
 */
export async function signIn(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
  ignoreHTTPSErrors = false,
) {
  const context = await browser.newContext({ baseURL, viewport, ignoreHTTPSErrors });
  const page = await context.newPage();
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(DEMO_ADMIN.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/(dashboard|auth\/organizations)/);
  // The organization guard stores the selected organization once its list is in.
  await page.goto('/dashboard', { waitUntil: 'networkidle' });
  const state = path.join(os.tmpdir(), `ec-measure-${process.pid}-${Date.now()}.json`);
  await context.storageState({ path: state });
  await context.close();
  return state;
}
