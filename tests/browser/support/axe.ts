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
export async function seriousViolations(page: Page, scope?: string): Promise<string[]> {
  await transitionsOver(page);
  const axe = new AxeBuilder({ page });
  const results = await (scope ? axe.include(scope) : axe).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

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

/** The findings in the light and then the dark theme, each prefixed with its theme. */
export async function seriousViolationsInBothThemes(page: Page, scope?: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await switchColorScheme(page, colorScheme);
    found.push(...(await seriousViolations(page, scope)).map((finding) => `${colorScheme} ${finding}`));
  }
  return found;
}
