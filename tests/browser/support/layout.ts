import { expect, type Locator, type Page } from '@playwright/test';

const viewportWidth = (page: Page) => page.viewportSize()!.width;

/** The page does not scroll sideways: nothing is wider than the window. */
export async function expectNoHorizontalScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: 'the page is no wider than the window',
    })
    .toBeLessThanOrEqual(viewportWidth(page));
}

/** The element is visible and lies across the window's width, readable without scrolling sideways. */
export async function expectWithinWidth(target: Locator) {
  await expect(target).toBeVisible();
  const width = viewportWidth(target.page());
  await expect
    .poll(
      async () => {
        const box = await target.boundingBox();
        if (!box) return 'not laid out';
        const [left, right] = [Math.round(box.x), Math.round(box.x + box.width)];
        return left >= 0 && right <= width ? 'within the window' : `from x=${left} to x=${right}`;
      },
      { message: `${target} lies within the window's ${width} px` },
    )
    .toBe('within the window');
}

/**
 * Every element `targets` finds that is laid out lies within the window's width; answers how many are
 * laid out. One look at all of them, polled until the layout settles.
 */
export async function expectAllWithinWidth(targets: Locator) {
  const width = viewportWidth(targets.page());
  let shown = 0;
  await expect
    .poll(
      async () => {
        const boxes = await targets.evaluateAll((elements) =>
          elements
            .map((element) => {
              // Checkboxes, radios and switches are drawn beside an invisible input that may overhang
              // them: what a person sees and taps is its parent.
              const drawn =
                getComputedStyle(element).opacity === '0' && element.parentElement
                  ? element.parentElement
                  : element;
              return { element, box: drawn.getBoundingClientRect() };
            })
            .filter(({ box }) => box.width > 0 && box.height > 0)
            .map(({ element, box }) => ({
              name:
                element.getAttribute('aria-label') ??
                (element as HTMLInputElement).labels?.[0]?.textContent ??
                element.textContent?.trim().slice(0, 40) ??
                '',
              tag: element.tagName.toLowerCase(),
              left: Math.round(box.left),
              right: Math.round(box.right),
            })),
        );
        shown = boxes.length;
        return boxes
          .filter(({ left, right }) => left < 0 || right > width)
          .map(({ tag, name, left, right }) => `<${tag}> "${name}" from x=${left} to x=${right}`);
      },
      { message: `everything of ${targets} lies within the window's ${width} px` },
    )
    .toEqual([]);
  return shown;
}

/** Nothing covers the element: the point at its centre hits it (not an app bar or a backdrop above it). */
export async function expectUncovered(target: Locator) {
  await expect(target).toBeVisible();
  await expect
    .poll(
      () =>
        target.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          if (hit && element.contains(hit)) return 'uncovered';
          return `covered by <${hit?.tagName.toLowerCase()} class="${hit?.getAttribute('class')}">`;
        }),
      { message: `nothing covers ${target}` },
    )
    .toBe('uncovered');
}
