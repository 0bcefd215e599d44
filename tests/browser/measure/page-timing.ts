import type { Page } from '@playwright/test';

/**
 * When a page shows what a person came for, and when it then answers input. Both are read inside the
 * page on its own clock (`performance.now()`, milliseconds since the navigation started):
 * - shown: the first animation frame in which `condition` holds (checked before every frame);
 * - interactive: the first moment after that at which a task queued then gets to run, that is when the
 *   main thread has finished the work it was doing (a click or a keystroke arriving then is handled at
 *   once). React renders in slices and yields between them, so this is when an input would be served.
 */
export interface Timing {
  shown: number;
  interactive: number;
}

/**
 * Waits in the page for `condition` (a function's source, run in the page without arguments) and
 * answers the timing. The waiter is evaluated as an expression over CDP, so the console's content
 * security policy (no eval) does not apply to it.
 */
export async function timeUntil(page: Page, condition: string, timeoutMs = 30_000): Promise<Timing> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const condition = ${condition};
    const deadline = performance.now() + ${timeoutMs};
    const check = () => {
      if (condition()) {
        const shown = performance.now();
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve({ shown, interactive: performance.now() });
        channel.port2.postMessage(null);
      } else if (performance.now() > deadline) reject(new Error('not shown in time: ' + ${JSON.stringify(condition)}));
      else requestAnimationFrame(check);
    };
    check();
  })`) as Promise<Timing>;
}

/** The table labelled `label` has at least one row of devices and every such row contains `text`. */
export const tableRowsShown = (label: string, text = '') => `() => {
  const table = document.querySelector(${JSON.stringify(`table[aria-label="${label}"]`)});
  if (!table || table.getAttribute('aria-busy') === 'true') return false;
  const rows = [...table.querySelectorAll('tbody tr')].filter((row) => row.querySelector('a[href^="/devices/"]'));
  return rows.length > 0 && rows.every((row) => row.textContent.includes(${JSON.stringify(text)}));
}`;
