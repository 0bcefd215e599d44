import { z } from 'zod';
import type { DeviceProduct } from '../products.ts';

/**
 * Pieces shared by the shadow documents (spec 3 §3) and their rules (spec 3 §5): the messages of the
 * spec's number rule, ids, typed list entries, and one issue shape for every rule.
 */
export const NUMBER_MESSAGE = 'Value must be a number';
export const minMessage = (min: number) => `Value must be >= ${min}`;
export const maxMessage = (max: number) => `Value must be <= ${max}`;
export const IP_MESSAGE = 'Must be a valid IP address';
export const HOST_MESSAGE = 'Must be a valid IP address or hostname';
export const URL_MESSAGE = 'URL must be valid';

/** Ports of destinations: 1000 to 65000 (spec 3 §5, §9). */
export const PORT_RANGE = { min: 1000, max: 65000 } as const;

/** A number field: anything else is 'Value must be a number'. */
export const num = () => z.number({ error: NUMBER_MESSAGE });
export const int = () => z.number({ error: NUMBER_MESSAGE }).int(NUMBER_MESSAGE);

/** An id the device gave an entry; a set sends false for an entry the device has not created yet. */
export const entryIdSchema = z.union([z.number().int(), z.string().min(1)]);
export const setEntryIdSchema = z.union([entryIdSchema, z.literal(false)]);

/** A problem with a document: where (as zod paths are) and the spec's text. */
export interface ShadowIssue {
  path: (string | number)[];
  message: string;
}

export const issue = (path: (string | number)[], message: string): ShadowIssue => ({ path, message });

/**
 * A number against bounds, with the spec's messages; undefined when it holds. An absent value is left
 * to the document's schema (which requires it or gives its default).
 */
export function rangeMessage(value: unknown, min: number, max: number): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) return NUMBER_MESSAGE;
  if (value < min) return minMessage(min);
  if (value > max) return maxMessage(max);
  return undefined;
}

export function rangeIssues(path: (string | number)[], value: unknown, min: number, max: number) {
  const message = rangeMessage(value, min, max);
  return message ? [issue(path, message)] : [];
}

const isIp = (value: string) => z.ipv4().safeParse(value).success || z.ipv6().safeParse(value).success;
export const isIpAddress = (value: unknown): boolean => typeof value === 'string' && isIp(value);
export const isHostOrIp = (value: unknown): boolean =>
  typeof value === 'string' && (isIp(value) || z.hostname().safeParse(value).success);
export const isUrl = (value: unknown): boolean =>
  typeof value === 'string' && z.url().safeParse(value).success;

/**
 * A list entry whose config depends on its type: known types are held to their schema, any other
 * type to `fallback`, so a document with a type this console does not know still parses (the
 * console shows the 'not supported' notice for that entry, spec 3 §2.3-2.4).
 */
export function typedEntry<Known extends Record<string, z.ZodType>, Fallback extends z.ZodType>(
  known: Known,
  fallback: Fallback,
) {
  return z.unknown().transform((value, ctx): z.output<Known[keyof Known]> | z.output<Fallback> => {
    const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
    const schema = typeof type === 'string' && Object.hasOwn(known, type) ? known[type]! : fallback;
    const result = schema.safeParse(value);
    if (result.success) return result.data as z.output<Known[keyof Known]> | z.output<Fallback>;
    for (const problem of result.error.issues)
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    return z.NEVER;
  });
}

/** A type name no schema of `known` claims: the fallback's type. */
export const unknownTypeSchema = (known: readonly string[]) =>
  z.string().refine((type) => !known.includes(type), 'Known types have their own schema');

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Equal as JSON values, whatever the order of keys; null and a missing value alike. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b) || (a == null && b == null)) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((value, index) => sameValue(value, b[index]));
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].every((key) => sameValue(a[key], b[key]));
}

/** The issues of a failed zod parse in the registry's shape. */
export function zodIssues(error: z.ZodError): ShadowIssue[] {
  return error.issues.map((problem) => ({
    path: problem.path.filter((part): part is string | number => typeof part !== 'symbol'),
    message: problem.message,
  }));
}

/**
 * What a set is judged against beside its own document (spec 3 §5): the device's product, its
 * effective entitlements, and its other documents as last known (for the outputs' encoder rules).
 */
export interface ShadowSetContext {
  product: DeviceProduct;
  entitlements: Readonly<Record<string, unknown>>;
  /**
   * Encoders and Outputs as sent in the same request, else as reported; System and Alerts as the device
   * reported them (an active XML configuration locks Outputs and System's settings, spec 3 §6; an alert
   * keeps its category).
   */
  documents?: {
    Encoders?: unknown;
    Outputs?: unknown;
    System?: unknown;
    Alerts?: unknown;
    Containers?: unknown;
  };
}

/** Entries of a list document, tolerant of anything that is not one. */
export function entriesOf(document: unknown, key: string): Record<string, unknown>[] {
  const list = (document as Record<string, unknown> | null | undefined)?.[key];
  return Array.isArray(list)
    ? list.filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null)
    : [];
}

export const configOf = (entry: Record<string, unknown>): Record<string, unknown> =>
  typeof entry.config === 'object' && entry.config !== null ? (entry.config as Record<string, unknown>) : {};

/** An entry the device has not created yet: a set sends it with id false (spec 3 §4.1). */
export const isNewEntry = (entry: Record<string, unknown>) => entry.id === false;

/**
 * The licensed-instance rule (spec 3 §5): a new entry is refused once the entries of its kind
 * already reach the limit; entries the device has are counted first.
 */
export function overLimit<T extends Record<string, unknown>>(entries: readonly T[], limit: number): T[] {
  const existing = entries.filter((entry) => !isNewEntry(entry)).length;
  return entries.filter(isNewEntry).filter((_, index) => existing + index + 1 > limit);
}
