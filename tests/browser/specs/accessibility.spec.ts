import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { CONFIG_SECTIONS, DEVICE_SECTIONS, paths } from '../../../apps/web/src/config/paths.ts';
import { type Finding, rulesFor, seriousFindings, switchColorScheme } from '../support/axe.ts';
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
const DEMO = {
  deviceGuid: '{deviceGuid}',
  orgGuid: '{orgGuid}',
  userGuid: '{userGuid}',
  fleetGuid: '{fleetGuid}',
} as const;

/** The values of each parameter, by name, with the routes where a name means something else. */
const PARAMETERS: Record<string, Values> = {
  action: () => ['login', 'signup', 'confirm'],
  document: () => ['csa', 'aup', 'privacy'],
  deviceGuid: () => [DEMO.deviceGuid],
  orgGuid: () => [DEMO.orgGuid],
  userGuid: () => [DEMO.userGuid],
  fleetGuid: () => [DEMO.fleetGuid],
  // The demo starts no rollout: an unknown one shows the page's error with Retry (rollouts.spec.ts
  // sweeps a real rollout's page).
  rolloutGuid: () => ['00000000-0000-4000-8000-0000000011a0'],
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
  // The fleet page's tabs (FLEET_TABS in apps/web/src/app/routes/fleet-page.tsx).
  [paths.fleets.detail.path]: {
    section: () => ['devices', 'monitor', 'multiview', 'alerts', 'templates', 'drift', 'users'],
  },
  [paths.alerts.section.path]: { section: () => ['templates', 'config'] },
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

/**
 * Waits until the page has settled: no spinner or skeleton left, transitions over. A progress bar with
 * a value is a reading (an audio meter, a transfer), not loading: it may stay for good.
 */
async function settle(page: Page) {
  await expect(page.getByRole('progressbar').and(page.locator(':not([aria-valuenow])')))
    .toHaveCount(0)
    .catch(() => undefined);
  await expect(page.locator('[aria-busy="true"]'))
    .toHaveCount(0)
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

/**
 * Opens a route the way the console's own links do (history and the router, no reload), and waits
 * until the console has moved focus into the new page, as it does after every navigation.
 */
async function openInApp(page: Page, route: string) {
  if (new URL(page.url()).pathname === route) return settle(page);
  await page.evaluate((to) => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  // The heading, or the field a page starts in (a form that autofocuses its first field).
  await expect(page.locator('main :focus'), `${route} takes the focus`).toHaveCount(1);
  await settle(page);
}

/**
 * The serious and critical violations in the light and then the dark theme (the system's choice): every
 * rule in the light theme, the colour rules in the dark one.
 */
async function violationsInBothThemes(page: Page, scope?: string) {
  const found: Record<string, Finding[]> = {};
  for (const colorScheme of ['light', 'dark'] as const) {
    await switchColorScheme(page, colorScheme);
    found[colorScheme] = await seriousFindings(page, scope, rulesFor(colorScheme));
  }
  return found;
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

test('the sweep covers every route of the console, with a value for every parameter', () => {
  expect(ROUTES).toEqual(expect.arrayContaining(['/', '/dashboard', '/auth/login', '/legal/csa', NOT_FOUND]));
  expect(ROUTES).toContain(`/devices/${DEMO.deviceGuid}/config/system`);
  expect(ROUTES.filter((route) => route.includes(':'))).toEqual([]);
  expect(ROUTES.filter((route) => PUBLIC_ROUTE.test(route))).toEqual(
    expect.arrayContaining(['/', '/auth/login', '/signup', '/legal/privacy', NOT_FOUND]),
  );
  expect(ROUTES.filter((route) => PUBLIC_ROUTE.test(route))).not.toContain('/auth/organizations');
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
  // The landing page may be reached before the console has picked the organization (its list still
  // loading on a busy machine): wait until it has.
  const picked = await page.waitForFunction(() => localStorage.getItem('ec.lastOrgGuid'));
  const orgGuid = (await picked.jsonValue()) as string;
  // The demo adopts the first two thirds of its devices into its organization.
  const device = demoDevices()[0];
  if (!device) throw new Error('the demo has no devices');
  // A fleet of the demo organization holding two of its devices, for the fleet page and its tabs.
  const headers = { authorization: `Bearer ${await accessToken(page)}`, 'x-org-guid': orgGuid };
  const fleet = await page.request.post('/v1/fleets', {
    headers,
    data: { fleet_name: 'Accessibility Fleet' },
  });
  expect(fleet.status()).toBe(201);
  const { fleet_guid: fleetGuid } = (await fleet.json()) as { fleet_guid: string };
  const held = demoDevices()
    .slice(0, 2)
    .map((d) => d.device_guid);
  expect(
    (await page.request.post(`/v1/fleets/${fleetGuid}/devices`, { headers, data: { devices: held } })).ok(),
  ).toBe(true);
  // A fleet template, so the Drift tab lists its devices against it.
  const template = await page.request.post(`/v1/fleets/${fleetGuid}/shadow_templates`, {
    headers,
    data: { templates: [{ template_name: 'No alerts', shadow_name: 'Alerts', state: { alerts: [] } }] },
  });
  expect(template.ok()).toBe(true);
  demo = { deviceGuid: device.device_guid, orgGuid, userGuid: user.user_guid, fleetGuid };
  await context.storageState({ path: SIGNED_IN_STATE });
  await context.close();
});

// Two axe runs a page (the second of the colour rules); axe's contrast check alone takes seconds on a busy
// two-core machine.
const PAGE_TIMEOUT_MS = 120_000;

/** Routes a visitor reaches without signing in: swept signed out too (every route is swept signed in). */
const PUBLIC_ROUTE =
  /^\/($|auth($|\/(?!organizations))|login$|signup$|legal\/|not_implemented$|backend_error$|this-page-does-not-exist$)/;

test.describe('signed in', () => {
  test.describe.configure({ timeout: PAGE_TIMEOUT_MS });
  // One page for the whole sweep, moving from route to route as a person would: the header and the
  // navigation are the same on every page, so they are checked once and each route's main content after.
  let context: BrowserContext;
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext({ storageState: SIGNED_IN_STATE });
    page = await context.newPage();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await settle(page);
  });
  test.afterAll(() => context.close());

  test('the shell: header, navigation and the dashboard', async () => {
    expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
  });

  for (const route of ROUTES) {
    test(route, async () => {
      await openInApp(page, fill(route, demo));
      expect(await violationsInBothThemes(page, 'main'), `${route} at ${page.url()}`).toEqual({
        light: [],
        dark: [],
      });
    });
  }
});

test.describe('signed out', () => {
  test.describe.configure({ timeout: PAGE_TIMEOUT_MS });
  let context: BrowserContext;
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext();
    page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  });
  test.afterAll(() => context.close());

  for (const route of ROUTES.filter((route) => PUBLIC_ROUTE.test(route))) {
    test(route, async () => {
      await openInApp(page, route);
      expect(page.url(), 'a public page stays where it was opened').not.toContain('redirect=');
      expect(await violationsInBothThemes(page), `${route} at ${page.url()}`).toEqual({
        light: [],
        dark: [],
      });
    });
  }
});
