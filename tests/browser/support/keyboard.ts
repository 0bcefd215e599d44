import { expect, type Locator, type Page } from '@playwright/test';

/** What has the focus now, for failure messages: tag, role and name or text. */
function describeFocus(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'the page body';
    const role = element.getAttribute('role');
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 60) ?? '';
    return `<${element.tagName.toLowerCase()}${role ? ` role="${role}"` : ''}> "${name}"`;
  });
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/**
 * Presses `key` until `target` has the focus (not at all when it has it already) and answers how many
 * presses it took; fails after `max` presses, naming what has the focus instead.
 */
async function pressUntilFocused(page: Page, target: Locator, key: string, max: number) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses++) {
    if (await isFocused(target)) return presses;
    await page.keyboard.press(key);
  }
  if (await isFocused(target)) return max;
  throw new Error(
    `${key} pressed ${max} times did not reach ${target}; the focus is on ${await describeFocus(page)}`,
  );
}

/** Tabs (or Shift+Tabs, `backwards`) through the page until `target` has the focus. */
export const tabTo = (page: Page, target: Locator, { max = 40, backwards = false } = {}) =>
  pressUntilFocused(page, target, backwards ? 'Shift+Tab' : 'Tab', max);

/** Moves within a composite widget (tabs, menus) with an arrow key until `target` has the focus. */
export const arrowTo = (page: Page, target: Locator, { key = 'ArrowRight', max = 10 } = {}) =>
  pressUntilFocused(page, target, key, max);

/** Replaces the value of the focused text field as a person does: select all, then type. */
export async function retype(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

export interface RingStyle {
  outline: string;
  boxShadow: string;
}

/** The computed outline and box shadow of an element: what draws a focus ring. */
export const ringStyle = (target: Locator): Promise<RingStyle> =>
  target.evaluate((element) => {
    const style = getComputedStyle(element);
    const outline =
      style.outlineStyle === 'none' || Number.parseFloat(style.outlineWidth) === 0
        ? 'none'
        : `${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
    return { outline, boxShadow: style.boxShadow };
  });

/**
 * The focused `target` shows a ring: an outline, or a box shadow it does not have at rest (`resting`,
 * its style before it had the focus; raised buttons carry a shadow of their own).
 */
export async function expectFocusRing(target: Locator, resting: RingStyle) {
  await expect(target).toBeFocused();
  await expect
    .poll(
      async () => {
        const focused = await ringStyle(target);
        return focused.outline !== 'none' ||
          (focused.boxShadow !== 'none' && focused.boxShadow !== resting.boxShadow)
          ? 'a focus ring'
          : `no focus ring (outline ${focused.outline}, box-shadow ${focused.boxShadow})`;
      },
      { message: `${target} shows a focus ring` },
    )
    .toBe('a focus ring');
}

/** Whether the focus is on `container` or inside it. */
export const focusIsWithin = (container: Locator) =>
  container.evaluate((element) => element.contains(document.activeElement));
