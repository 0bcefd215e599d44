import { afterAll, afterEach } from 'vitest';

/** What a test made that must be undone: processes, folders, databases, connections. */
export type Cleanups = (() => Promise<unknown>)[];

/**
 * A test file's list of what to undo, undone last made first after the file's tests (`each`: after
 * every test), whether they passed or not. Call it at the top of the file, where hooks are registered.
 */
export function cleanupsAfter(when: 'all' | 'each' = 'all'): Cleanups {
  const cleanups: Cleanups = [];
  (when === 'each' ? afterEach : afterAll)(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return cleanups;
}
