import { type ShadowIssue, type ShadowSetContext, validateShadowSet } from '@ec/contract/shadow-registry';
import type { ShadowName } from '@ec/contract/shadows';
import type { FieldErrors, FieldValues, Resolver, ResolverResult } from 'react-hook-form';

type ErrorNode = Record<string, unknown> & { message?: string };

/**
 * The contract's issues as react-hook-form errors, each at the path it names (the first message of a
 * path wins). An issue about a whole entry (a path no deeper than `entryDepth`, such as a licensed
 * limit at ['encoders', 2]) becomes that entry's `root` error.
 */
export function issuesToFieldErrors<T extends FieldValues>(
  issues: readonly ShadowIssue[],
  entryDepth: number,
): FieldErrors<T> {
  const errors: ErrorNode = {};
  for (const { path, message } of issues) {
    const keys = path.length <= entryDepth ? [...path, 'root'] : path;
    let node = errors;
    for (const key of keys.slice(0, -1)) {
      const child = node[key];
      node[key] = typeof child === 'object' && child !== null ? child : {};
      node = node[key] as ErrorNode;
    }
    const last = keys.at(-1)!;
    const existing = (node[last] ?? {}) as ErrorNode;
    if (!existing.message) node[last] = { ...existing, type: 'shadow', message };
  }
  return errors as FieldErrors<T>;
}

/** The resolver's answer for a list of issues: the values when there are none. */
export function issuesResult<T extends FieldValues>(
  values: T,
  issues: readonly ShadowIssue[],
  entryDepth: number,
): ResolverResult<T> {
  return issues.length === 0
    ? { values, errors: {} }
    : { values: {}, errors: issuesToFieldErrors<T>(issues, entryDepth) };
}

/**
 * A react-hook-form resolver judging a list document with the contract's registry (spec 3 §5): the set
 * the form would send (`toSetState`) through `validateShadowSet` with the device's product and
 * entitlements, passed as the form's `context`. The form's values keep the set's list order, so the
 * issues' paths (['encoders', 0, 'config', 'bitrate']) are the form's field names.
 */
export function shadowSetResolver<T extends FieldValues>(
  shadow: ShadowName,
  toSetState: (values: T) => unknown,
): Resolver<T, ShadowSetContext> {
  return (values, context) =>
    issuesResult(values, context ? validateShadowSet(shadow, toSetState(values), context) : [], 2);
}

/** The issues of one entry of a list, with paths from inside the entry (a create dialog's fields). */
export const entryIssues = (issues: readonly ShadowIssue[], listKey: string, index: number) =>
  issues
    .filter((issue) => issue.path[0] === listKey && issue.path[1] === index)
    .map((issue) => ({ ...issue, path: issue.path.slice(2) }));
