import { expect, type Page } from '@playwright/test';
import { LAST_ORG_KEY, SESSION_TOKEN_KEY } from '../../../apps/web/src/lib/session/session-storage-keys.ts';

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

/**
 * Opens `path` signed in as the person, in the organization named `orgName` when given (else the
 * console picks one as after a sign-in). The session comes from the API and is stored where the login
 * page stores it: for tests whose subject is not the sign-in, this saves the CPU of loading the login
 * and landing pages (about 3 CPU-seconds a test; the login form has tests of its own).
 */
export async function openSignedIn(
  page: Page,
  person: { email: string; password: string },
  path: string,
  orgName?: string,
) {
  const answer = await page.request.post('/v1/auth/sign-in', { data: person });
  expect(answer.status()).toBe(200);
  const session = (await answer.json()) as { access_token: string };
  const orgGuid = orgName ? await orgGuidByName(page, session.access_token, orgName) : null;
  // Any document of the console's origin can write its storage; this one runs no script.
  await page.goto('/robots.txt');
  await page.evaluate(
    ([tokenKey, token, orgKey, org]) => {
      localStorage.setItem(tokenKey!, token!);
      if (org) localStorage.setItem(orgKey!, org);
    },
    [SESSION_TOKEN_KEY, JSON.stringify(session), LAST_ORG_KEY, orgGuid],
  );
  await page.goto(path);
}

async function orgGuidByName(page: Page, token: string, orgName: string) {
  const answer = await page.request.get('/v1/orgs', {
    headers: { authorization: `Bearer ${token}` },
    params: { org_name: orgName },
  });
  expect(answer.ok()).toBe(true);
  const { orgs } = (await answer.json()) as { orgs: { org_guid: string; org_name: string }[] };
  const org = orgs.find((candidate) => candidate.org_name === orgName);
  if (!org) throw new Error(`the person is not a member of ${orgName}`);
  return org.org_guid;
}
