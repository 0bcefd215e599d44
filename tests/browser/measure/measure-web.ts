/**
 * Measures how the web console is delivered and writes the figures into their own section of
 * docs/benchmarks.md (between the markers below; the rest of the file is left as it is):
 * Lighthouse on the login page (mobile preset), the JavaScript each page transfers on a cold load
 * (gzip and brotli bytes, as the server sends them), the layout shift of each signed-in page and the
 * serious or critical axe violations of each page in the light and the dark theme.
 *
 * Run: `npm run bench:web` (options: `--lighthouse-runs N`, default 3, the median is kept). The console
 * is built and started as the browser tests start it (support/global-setup.ts); EC_BROWSER_WEB_DIST
 * builds into another folder.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { demoDevices } from '../support/demo.ts';
import { startTestConsole } from '../support/global-setup.ts';
import { signIn } from './sign-in.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const BENCHMARKS = path.join(ROOT, 'docs/benchmarks.md');
const SECTION_START = '<!-- bench:web:start -->';
const SECTION_END = '<!-- bench:web:end -->';
const VIEWPORT = { width: 1400, height: 900 };
/** After the network is idle, time for late layout shifts (fonts, images, delayed queries). */
const SETTLE_MS = 1500;

type Theme = 'light' | 'dark';
interface PageFigures {
  path: string;
  scripts: number;
  gzip: number;
  brotli: number;
  cls: number | null;
  axe: Record<Theme, { rules: number; nodes: number }>;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** The bytes the server sends for a URL when the browser accepts only this encoding. */
function encodedSize(url: string, encoding: 'gzip' | 'br') {
  return new Promise<number>((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
        });
        response.on('end', () => resolve(size));
      })
      .on('error', reject);
  });
}

/**
 * The initial JavaScript: the scripts index.html loads before any route (the entry and the chunks it
 * preloads), the same for every page; each route then loads its own chunks.
 */
async function initialScripts(baseUrl: string) {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
    ([, file]) => `${baseUrl}${file}`,
  );
  const sizes = await Promise.all(
    scripts.map(
      async (script) => [await encodedSize(script, 'gzip'), await encodedSize(script, 'br')] as const,
    ),
  );
  return {
    scripts: scripts.length,
    gzip: sizes.reduce((sum, [gzip]) => sum + gzip, 0),
    brotli: sizes.reduce((sum, [, brotli]) => sum + brotli, 0),
  };
}

/**
 * Cumulative layout shift as Chrome defines it: the largest sum of shifts without recent input in a
 * session window (shifts under 1 s apart, at most 5 s long).
 */
function observeLayoutShifts() {
  const shifts: { start: number; value: number }[] = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[])
      if (!entry.hadRecentInput) shifts.push({ start: entry.startTime, value: entry.value });
  }).observe({ type: 'layout-shift', buffered: true });
  Object.assign(window, {
    cumulativeLayoutShift() {
      let worst = 0;
      let current = 0;
      let windowStart = 0;
      let previous = Number.NEGATIVE_INFINITY;
      for (const shift of shifts) {
        if (shift.start - previous > 1000 || shift.start - windowStart > 5000) {
          current = 0;
          windowStart = shift.start;
        }
        current += shift.value;
        previous = shift.start;
        worst = Math.max(worst, current);
      }
      return worst;
    },
  });
}

/** Sets the theme preference the way the top bar's 'Dark mode' button stores it (lib/preferences.ts). */
function presetTheme(dark: boolean) {
  const stored = JSON.parse(localStorage.getItem('preferences') ?? '{}') as Record<string, unknown>;
  localStorage.setItem('preferences', JSON.stringify({ ...stored, darkMode: dark }));
}

async function newContext(browser: Browser, baseURL: string, signedIn: string | undefined, theme: Theme) {
  const context = await browser.newContext({
    baseURL,
    viewport: VIEWPORT,
    colorScheme: theme,
    storageState: signedIn,
  });
  await context.addInitScript(presetTheme, theme === 'dark');
  return context;
}

/** What must be on screen before a page counts as loaded, beyond no spinner and an idle network. */
type Ready = (page: Page) => Promise<unknown>;

/**
 * The device page's metric tiles with their charts drawn (each an image named by its latest value):
 * without waiting for them a run could end before the tiles' code and data were in, and leave their
 * JavaScript out of the page's figure.
 */
const metricTilesShown: Ready = (page) =>
  page
    .getByRole('region', { name: 'Metrics' })
    .getByRole('img', { name: /: latest / })
    .first()
    .waitFor({ timeout: 30_000 });

/** Loads a page until its route's code and data are in: no spinner left and the network idle. */
async function settle(page: Page, url: string, ready?: Ready) {
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready?.(page);
  // A loading indicator: one without a value (a level meter has one) that a screen reader hears.
  const loading = '[role="progressbar"]:not([aria-hidden="true"]):not([aria-valuenow])';
  await page
    .waitForFunction((selector) => !document.querySelector(selector), loading, { timeout: 30_000 })
    .catch(async (error: Error) => {
      const left = await page.locator(loading).evaluateAll((nodes) => nodes.map((node) => node.outerHTML));
      throw new Error(`${url} still shows a loading indicator: ${left.join('\n').slice(0, 600)}`, {
        cause: error,
      });
    });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(SETTLE_MS);
}

/** A cold load (empty cache) of one page: its scripts' sizes and its layout shift, then axe in each theme. */
async function measurePage(
  browser: Browser,
  baseURL: string,
  [label, url, ready]: readonly [string, string, Ready?],
  signedIn?: string,
): Promise<PageFigures> {
  const cold = await newContext(browser, baseURL, signedIn, 'light');
  await cold.addInitScript(observeLayoutShifts);
  const page = await cold.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  });
  await settle(page, url, ready);
  const cls = signedIn
    ? await page.evaluate(() =>
        (window as unknown as { cumulativeLayoutShift(): number }).cumulativeLayoutShift(),
      )
    : null;
  await cold.close();
  const sizes = await Promise.all(
    [...scripts].map(async (script) => [await encodedSize(script, 'gzip'), await encodedSize(script, 'br')]),
  );
  const figures: PageFigures = {
    path: label,
    scripts: scripts.size,
    gzip: sizes.reduce((sum, [gzip]) => sum + (gzip ?? 0), 0),
    brotli: sizes.reduce((sum, [, brotli]) => sum + (brotli ?? 0), 0),
    cls,
    axe: { light: { rules: 0, nodes: 0 }, dark: { rules: 0, nodes: 0 } },
  };
  for (const theme of ['light', 'dark'] as const)
    figures.axe[theme] = await axeCounts(browser, baseURL, url, signedIn, theme);
  return figures;
}

async function axeCounts(
  browser: Browser,
  baseURL: string,
  url: string,
  signedIn: string | undefined,
  theme: Theme,
) {
  const context: BrowserContext = await newContext(browser, baseURL, signedIn, theme);
  const page = await context.newPage();
  await settle(page, url);
  const { violations } = await new AxeBuilder({ page }).analyze();
  await context.close();
  const serious = violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  return {
    rules: serious.length,
    nodes: serious.reduce((sum, violation) => sum + violation.nodes.length, 0),
  };
}

interface LighthouseReport {
  categories: Record<
    string,
    { title: string; score: number | null; auditRefs: { id: string; weight: number }[] }
  >;
  audits: Record<
    string,
    { title: string; score: number | null; numericValue?: number; displayValue?: string }
  >;
}

function runLighthouse(url: string) {
  return new Promise<LighthouseReport>((resolve, reject) => {
    const lighthouse = spawn(
      path.join(ROOT, 'node_modules/.bin/lighthouse'),
      [
        url,
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        '--only-categories=performance,accessibility,best-practices,seo',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    lighthouse.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    lighthouse.on('error', reject);
    lighthouse.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output) as LighthouseReport)
        : reject(new Error(`lighthouse exited with ${code}`)),
    );
  });
}

/** The median run by performance score, with the audits that cost points in the other categories. */
async function lighthouse(url: string, runs: number) {
  const reports: LighthouseReport[] = [];
  for (let run = 0; run < runs; run++) reports.push(await runLighthouse(url));
  const performance = (report: LighthouseReport) => report.categories.performance?.score ?? 0;
  const middle = median(reports.map(performance));
  const report = reports.find((candidate) => performance(candidate) === middle) as LighthouseReport;
  const failing = (category: string) =>
    (report.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => report.audits[ref.id]?.title ?? ref.id);
  return { report, failing, performances: reports.map(performance) };
}

function section(options: {
  date: string;
  machine: string;
  lighthouseRuns: number;
  lh: Awaited<ReturnType<typeof lighthouse>>;
  initial: Awaited<ReturnType<typeof initialScripts>>;
  pages: PageFigures[];
}) {
  const { report, failing, performances } = options.lh;
  const score = (category: string) => Math.round((report.categories[category]?.score ?? 0) * 100);
  const metric = (id: string) => report.audits[id]?.displayValue ?? '–';
  const axe = ({ rules, nodes }: { rules: number; nodes: number }) =>
    rules ? `${rules} (${nodes} elements)` : '0';
  const rows = options.pages.map(
    (page) =>
      `| \`${page.path}\` | ${page.scripts} | ${kB(page.gzip)} | ${kB(page.brotli)} | ${page.cls === null ? '–' : page.cls.toFixed(3)} | ${axe(page.axe.light)} | ${axe(page.axe.dark)} |`,
  );
  const lost = ['accessibility', 'best-practices', 'seo']
    .map((category) => [category, failing(category)] as const)
    .filter(([, audits]) => audits.length > 0)
    .map(([category, audits]) => `  - ${report.categories[category]?.title}: ${audits.join('; ')}`);
  return [
    SECTION_START,
    '## Web console delivery',
    '',
    'Written by `npm run bench:web` (tests/browser/measure/measure-web.ts): the web app built with',
    '`vite build` and served by the console as the browser tests start it (demo seeded, the demo admin',
    'signed in), measured from Chromium on the same machine. JavaScript is every script a cold load',
    '(empty cache, network idle) fetched, in the bytes the server sends for gzip and for brotli',
    '(1 kB = 1000 bytes). CLS is the largest session window of layout shifts in that load (1400×900).',
    'axe counts the serious and critical violations (rules, and the elements they flag), with the theme',
    "preference set as the 'Dark mode' button stores it. Budget: the initial JavaScript (what index.html",
    'loads before any route, the same for every page) at most 200 kB gzipped, the rest loaded per route;',
    'Lighthouse performance at least 90 and best practices 100 on the login page.',
    '',
    `Last run ${options.date} on ${options.machine}.`,
    '',
    `Initial JavaScript: ${options.initial.scripts} scripts, ${kB(options.initial.gzip)} gzip, ${kB(options.initial.brotli)} brotli.`,
    '',
    `Lighthouse 12 on \`/login\`, mobile preset (simulated slow 4G and 4× CPU slowdown), median of ${options.lighthouseRuns} run(s) by performance (${performances.map((value) => Math.round(value * 100)).join(', ')}):`,
    `performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}, SEO ${score('seo')};`,
    `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, Speed Index ${metric('speed-index')}.`,
    ...(lost.length ? ['', 'Audits that cost points:', ...lost] : []),
    '',
    '| page | scripts | JS gzip | JS brotli | CLS | axe light | axe dark |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    SECTION_END,
  ].join('\n');
}

/** Replaces the section between the markers, or appends it the first time. */
function writeSection(text: string) {
  const current = readFileSync(BENCHMARKS, 'utf8');
  const start = current.indexOf(SECTION_START);
  const end = current.indexOf(SECTION_END);
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${text}${current.slice(end + SECTION_END.length)}`
      : `${current.trimEnd()}\n\n${text}\n`;
  writeFileSync(BENCHMARKS, next);
}

async function main() {
  const { values } = parseArgs({ options: { 'lighthouse-runs': { type: 'string', default: '3' } } });
  const lighthouseRuns = Number(values['lighthouse-runs']);
  const { baseUrl, dataDir, teardown } = await startTestConsole();
  process.env.EC_DATA_DIR = dataDir;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const lh = await lighthouse(`${baseUrl}/login`, lighthouseRuns);
    const signedIn = await signIn(browser, baseUrl, VIEWPORT);
    const device = demoDevices()[0]?.device_guid;
    const signedInPages = [
      ...['/dashboard', '/devices', '/account', '/orgs', '/admin/users', '/admin/devices'].map(
        (url) => [url, url] as const,
      ),
      ['/devices/{guid}', `/devices/${device}`, metricTilesShown] as const,
    ];
    const pages = [await measurePage(browser, baseUrl, ['/login', '/login'])];
    for (const page of signedInPages) pages.push(await measurePage(browser, baseUrl, page, signedIn));
    rmSync(signedIn);
    const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, Chromium ${browser.version()}, load average ${os.loadavg()[0]?.toFixed(1)} at the end`;
    const initial = await initialScripts(baseUrl);
    const text = section({
      date: new Date().toISOString().slice(0, 10),
      machine,
      lighthouseRuns,
      lh,
      initial,
      pages,
    });
    writeSection(text);
    console.log(text);
  } finally {
    await browser.close();
    await teardown();
  }
}

await main();
