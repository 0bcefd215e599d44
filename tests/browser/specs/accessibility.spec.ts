import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { CONFIG_SECTIONS, DEVICE_SECTIONS, paths } from '../../../apps/web/src/config/paths.ts';
import { DEMO_ADMIN, demoDevices } from '../support/demo.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * The accessibility sweep: every route of the console's own route table (`paths`), signed in as the
 * demo admin and signed out, in the light and the dark theme, with no serious or critical axe
 * violation. A new route is swept as soon as it is in `paths`; a route with a parameter the sweep has
 * no value for fails, so that someone adds one here.
 */

/** Values already chosen for the parameters before this one in the pattern. */
type Chosen = Record<string, string>;
/** The values to try for a parameter; none for an optional parameter stops the path there. */
type Values = (chosen: Chosen) => readonly string[];

/** Demo records, known once signed in; the patterns carry their names until a test fills them in. */
const DEMO = { deviceGuid: '{deviceGuid}', orgGuid: '{orgGuid}', userGuid: '{userGuid}' } as const;

/** The values of each parameter, by name, with the routes where a name means something else. */
const PARAMETERS: Record<string, Values> = {
  action: () => ['login', 'signup', 'confirm'],
  document: () => ['csa', 'aup', 'privacy'],
  deviceGuid: () => [DEMO.deviceGuid],
  orgGuid: () => [DEMO.orgGuid],
  userGuid: () => [DEMO.userGuid],
  // Fleets are not implemented yet (their page is a placeholder): any guid shows it.
  fleetGuid: () => ['00000000-0000-4000-8000-00000000f1ee'],
};
const ROUTE_PARAMETERS: Record<string, Record<string, Values>> = {
  [paths.devices.detail.path]: {
    section: () => DEVICE_SECTIONS,
    subsection: (chosen) => (chosen.section === 'config' ? CONFIG_SECTIONS : []),
  },
  [paths.entitlements.path]: {
    section: () => ['capabilities', 'profiles', 'licenses'],
    id: () => [],
  },
  [paths.fleets.detail.path]: { section: () => [] },
  [paths.alerts.section.path]: { section: () => ['device', 'other'] },
};

/** Every `path` pattern of the route table. */
function patterns(node: unknown): string[] {
  if (typeof node !== 'object' || node === null) return [];
  const own = 'path' in node && typeof node.path === 'string' ? [node.path] : [];
  return [...own, ...Object.values(node).flatMap(patterns)];
}

/** The concrete paths of a pattern: every value of each parameter, optional ones also left out. */
function expand(pattern: string): string[] {
  const segments = pattern.split('/').filter(Boolean);
  const walk = (index: number, built: string[], chosen: Chosen): string[] => {
    if (index === segments.length) return [`/${built.join('/')}`];
    const segment = segments[index] as string;
    if (!segment.startsWith(':')) return walk(index + 1, [...built, segment], chosen);
    const optional = segment.endsWith('?');
    const name = segment.slice(1, optional ? -1 : undefined);
    const values = ROUTE_PARAMETERS[pattern]?.[name] ?? PARAMETERS[name];
    if (!values) throw new Error(`The sweep has no value for :${name} of ${pattern}: add one to PARAMETERS`);
    const choices = values(chosen);
    if (!optional && choices.length === 0)
      throw new Error(`No value for the required :${name} of ${pattern}`);
    const here = optional ? [`/${built.join('/')}`] : [];
    return [
      ...here,
      ...choices.flatMap((value) => walk(index + 1, [...built, value], { ...chosen, [name]: value })),
    ];
  };
  return walk(0, [], {});
}

const NOT_FOUND = '/this-page-does-not-exist';
const ROUTES = [...new Set([...patterns(paths).flatMap(expand), NOT_FOUND])];

interface Finding {
  rule: string;
  impact: string;
  targets: string[];
}

/** Waits until the page has settled: its heading shown, no spinner or skeleton left, transitions over. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first())
    .toBeVisible()
    .catch(() => undefined);
  await expect(page.getByRole('progressbar'))
    .toHaveCount(0)
    .catch(() => undefined);
  await expect(page.locator('[aria-busy="true"]'))
    .toHaveCount(0)
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

/** The serious and critical violations in the light and then the dark theme (the system's choice). */
async function violationsInBothThemes(page: Page) {
  const found: Record<string, Finding[]> = {};
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForTimeout(300);
    found[colorScheme] = await seriousViolations(page);
  }
  return found;
}

/** The serious and critical violations axe finds on the page as it is now. */
async function seriousViolations(page: Page): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** A path with the demo's records in place of their names. */
const fill = (route: string, demo: Record<keyof typeof DEMO, string>) =>
  (Object.keys(DEMO) as (keyof typeof DEMO)[]).reduce(
    (url, key) => url.replaceAll(DEMO[key], demo[key]),
    route,
  );

async function accessToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('ec.session'));
  const token = stored ? (JSON.parse(stored) as { access_token?: string }).access_token : undefined;
  if (!token) throw new Error('no session stored after signing in');
  return token;
}

test('the sweep covers every route of the console, with a value for every parameter', {
  tag: '@embedded-only',
}, () => {
  expect(ROUTES).toEqual(expect.arrayContaining(['/', '/dashboard', '/auth/login', '/legal/csa', NOT_FOUND]));
  expect(ROUTES).toContain(`/devices/${DEMO.deviceGuid}/config/system`);
  expect(ROUTES.filter((route) => route.includes(':'))).toEqual([]);
});

/** The demo admin's session, saved once and loaded into each signed-in test's context. */
const SIGNED_IN_STATE = path.join(os.tmpdir(), `ec-accessibility-${process.pid}.json`);
let demo: Record<keyof typeof DEMO, string>;

test.beforeAll(async ({ browser }) => {
  // An empty state: the signed-in group's saved state is every new context's default.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const session = await page.request.get('/v1/auth/session', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  const { user } = (await session.json()) as { user: { user_guid: string } };
  const orgGuid = await page.evaluate(() => localStorage.getItem('ec.lastOrgGuid'));
  if (!orgGuid) throw new Error('the demo admin has no organization selected');
  // The demo adopts the first two thirds of its devices into its organization.
  const device = demoDevices()[0];
  if (!device) throw new Error('the demo has no devices');
  demo = { deviceGuid: device.device_guid, orgGuid, userGuid: user.user_guid };
  await context.storageState({ path: SIGNED_IN_STATE });
  await context.close();
});

// Two axe runs a page; axe's contrast check alone takes seconds on a busy two-core machine.
const PAGE_TIMEOUT_MS = 180_000;

test.describe('signed in', { tag: '@embedded-only' }, () => {
  test.use({ storageState: SIGNED_IN_STATE });
  test.describe.configure({ timeout: PAGE_TIMEOUT_MS });
  for (const route of ROUTES) {
    test(route, async ({ page }) => {
      await page.goto(fill(route, demo));
      await settle(page);
      expect(await violationsInBothThemes(page), `${route} at ${page.url()}`).toEqual({
        light: [],
        dark: [],
      });
    });
  }
});

test.describe('signed out', { tag: '@embedded-only' }, () => {
  test.describe.configure({ timeout: PAGE_TIMEOUT_MS });
  for (const route of ROUTES) {
    test(route, async ({ page }) => {
      const requested = fill(route, { deviceGuid: 'unknown', orgGuid: 'unknown', userGuid: 'unknown' });
      await page.goto(requested);
      await settle(page);
      const landed = new URL(page.url());
      if (landed.pathname === '/auth/login' && landed.searchParams.has('redirect')) {
        // Behind the login guard: the visitor is asked to log in (the login page is swept on its own).
        expect(landed.searchParams.get('redirect')).toBe(requested);
        return;
      }
      expect(await violationsInBothThemes(page), `${route} at ${page.url()}`).toEqual({
        light: [],
        dark: [],
      });
    });
  }
});
