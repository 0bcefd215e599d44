import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious or critical axe findings on the page, or inside `scope` (a CSS selector), once the page's
 * transitions are over: right after a theme switch the buttons and chips still fade between the two
 * palettes, and a colour sampled halfway is neither.
 */
export async function seriousViolations(page: Page, scope?: string): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
  const axe = new AxeBuilder({ page });
  const results = await (scope ? axe.include(scope) : axe).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** The findings in the light and then the dark theme, each prefixed with its theme. */
export async function seriousViolationsInBothThemes(page: Page, scope?: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    found.push(...(await seriousViolations(page, scope)).map((finding) => `${colorScheme} ${finding}`));
  }
  return found;
}
