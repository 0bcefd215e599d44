import { shadowRegistry } from './shadow-registry.ts';
import type { ShadowName } from './shadows.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Paths where the requested document differs from the reported one, looking only at what was
 * requested (the reported side also carries read-only status) and skipping ignored keys at any depth.
 */
export function shadowDiff(
  requested: unknown,
  reported: unknown,
  ignoredKeys: readonly string[],
  path = '',
): string[] {
  if (isObject(requested) && isObject(reported)) {
    const keys = Array.isArray(requested)
      ? Array.from(
          { length: Math.max(requested.length, Array.isArray(reported) ? reported.length : 0) },
          (_, i) => String(i),
        )
      : Object.keys(requested);
    return keys.flatMap((key) => {
      if (!Array.isArray(requested) && ignoredKeys.includes(key)) return [];
      const child = path ? `${path}.${key}` : key;
      return shadowDiff(
        (requested as Record<string, unknown>)[key],
        (reported as Record<string, unknown>)[key],
        ignoredKeys,
        child,
      );
    });
  }
  if (Array.isArray(requested) !== Array.isArray(reported)) return [path || '(root)'];
  return Object.is(requested, reported) || (requested ?? null) === (reported ?? null)
    ? []
    : [path || '(root)'];
}

/**
 * Whether a reported document shows a set applied: every value the set sent is there as sent. The
 * device adds what only it writes (statuses), and the secrets it keeps without showing back (spec 3
 * §4.2) are not compared.
 */
export const showsSetApplied = (shadowName: ShadowName, requested: unknown, reported: unknown) =>
  shadowDiff(requested, reported, shadowRegistry[shadowName].ignoredKeys).length === 0;
