import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Waits until no CSS transition runs (a colour sampled halfway through one is neither colour). */
export async function transitionsOver(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
}

/**
 * Serious or critical axe findings on the page, or inside `scope` (a CSS selector), once the page's
 * transitions are over: right after a theme switch the buttons and chips still fade between the two
 * palettes, and a colour sampled halfway is neither.
 */
export async function seriousViolations(
  page: Page,
  scope?: string,
  rules?: readonly string[],
): Promise<string[]> {
  return (await seriousFindings(page, scope, rules)).map(
    (finding) => `${finding.rule}: ${finding.targets.join(', ')}`,
  );
}

export interface Finding {
  rule: string;
  impact: string;
  targets: string[];
}

/**
 * The rules whose outcome a theme can change: the themes differ in colours only, the page's structure,
 * names and roles are the same in both. The light theme is checked against every rule, the dark one
 * against these (the other rules would only repeat the light run, at about half of each page's time
 * in the sweep; decision 196).
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/** Serious or critical findings as axe reports them, for every rule or only `rules`. */
export async function seriousFindings(
  page: Page,
  scope?: string,
  rules?: readonly string[],
): Promise<Finding[]> {
  await transitionsOver(page);
  let axe = new AxeBuilder({ page });
  if (scope) axe = axe.include(scope);
  if (rules) axe = axe.withRules([...rules]);
  const results = await axe.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** The theme's rules: every rule in the light theme, the colour rules in the dark one. */
export const rulesFor = (colorScheme: 'light' | 'dark') =>
  colorScheme === 'dark' ? COLOUR_RULES : undefined;

/**
 * Emulates the system's colour scheme and waits until the console follows it (the page's theme sets
 * the document's `color-scheme`): the switch re-renders the page a moment after the emulation, and a
 * check made in between would see the old theme, or the transition to the new one start under it. Then
 * the buttons' and chips' fades between the two palettes end.
 */
export async function switchColorScheme(page: Page, colorScheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme });
  await page.waitForFunction(
    (expected) => getComputedStyle(document.documentElement).colorScheme === expected,
    colorScheme,
  );
  await transitionsOver(page);
}

/** The findings in the light and then the dark theme (its colour rules), each prefixed with its theme. */
export async function seriousViolationsInBothThemes(page: Page, scope?: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await switchColorScheme(page, colorScheme);
    found.push(
      ...(await seriousViolations(page, scope, rulesFor(colorScheme))).map(
        (finding) => `${colorScheme} ${finding}`,
      ),
    );
  }
  return found;
}
