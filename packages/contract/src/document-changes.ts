import { sameValue } from './shadow-documents/fields.ts';
/**
 * What changed between two versions of a document, field by field, and values compared as JSON. List
 * entries with an id (inputs, encoders, outputs, alerts by guid) are matched by that id, not by their
 * place in the list, so a change to one entry is not read as a change to every entry after it.
 */

export interface FieldChange {
  /** Keys from the document's root; an entry of a list is named by its id. */
  path: string[];
  before: unknown;
  after: unknown;
  /** The change is to a secret (changesWithSecretsHidden): its values are not given. */
  secret?: true;
}

type Entry = Record<string, unknown>;

export const isRecord = (value: unknown): value is Entry =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The id an entry of a list is known by; undefined for an entry the device has not created yet. */
export function entryId(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  const id = value.id ?? value.alert_guid;
  return typeof id === 'number' || (typeof id === 'string' && id !== '') ? String(id) : undefined;
}

/** A list of entries that carry ids (a new one has id false until the device creates it). */
export const isEntryList = (value: unknown): value is Entry[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((entry) => isRecord(entry) && ('id' in entry || 'alert_guid' in entry));

const keysOf = (...values: Entry[]) => [...new Set(values.flatMap((value) => Object.keys(value)))];

const byId = (list: unknown[]) =>
  new Map(list.flatMap((entry) => (entryId(entry) === undefined ? [] : [[entryId(entry)!, entry]])));

/**
 * The fields that differ from `before` to `after`, skipping `ignoredKeys` at any depth (secrets the
 * device does not show back). An object that appears or disappears is listed by its fields.
 */
export function documentChanges(
  before: unknown,
  after: unknown,
  ignoredKeys: readonly string[] = [],
  path: string[] = [],
): FieldChange[] {
  const objects = (isRecord(before) || before == null) && (isRecord(after) || after == null);
  if (objects && (isRecord(before) || isRecord(after))) {
    const from = isRecord(before) ? before : {};
    const to = isRecord(after) ? after : {};
    return keysOf(from, to)
      .filter((key) => !ignoredKeys.includes(key))
      .flatMap((key) => documentChanges(from[key], to[key], ignoredKeys, [...path, key]));
  }
  if (Array.isArray(before) && Array.isArray(after) && isEntryList([...before, ...after])) {
    const from = byId(before);
    const to = byId(after);
    // An entry added or removed is one change; one on both sides is compared field by field.
    return [...new Set([...from.keys(), ...to.keys()])].flatMap((id) =>
      from.has(id) && to.has(id)
        ? documentChanges(from.get(id), to.get(id), ignoredKeys, [...path, id])
        : [{ path: [...path, id], before: from.get(id), after: to.get(id) }],
    );
  }
  return sameValue(before, after) ? [] : [{ path, before, after }];
}

/** What a secret shows instead of its value. */
export const HIDDEN_VALUE = '••••••';

/** `value` with the value of every key of `secretKeys`, at any depth, replaced by HIDDEN_VALUE. */
export function hideSecretValues(value: unknown, secretKeys: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => hideSecretValues(item, secretKeys));
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      secretKeys.includes(key) ? HIDDEN_VALUE : hideSecretValues(item, secretKeys),
    ]),
  );
}

/**
 * What changed from `before` to `after`, for a reader who never sees secrets in clear: a change
 * under a key of `secretKeys` is named once, at that key, without its values (`secret`); any other
 * value comes with the secrets inside it hidden.
 */
export function changesWithSecretsHidden(
  before: unknown,
  after: unknown,
  secretKeys: readonly string[],
): FieldChange[] {
  const secrets = new Set<string>();
  return documentChanges(before, after).flatMap((change): FieldChange[] => {
    const at = change.path.findIndex((key) => secretKeys.includes(key));
    if (at < 0)
      return [
        {
          path: change.path,
          before: hideSecretValues(change.before, secretKeys),
          after: hideSecretValues(change.after, secretKeys),
        },
      ];
    const path = change.path.slice(0, at + 1);
    const key = JSON.stringify(path);
    if (secrets.has(key)) return [];
    secrets.add(key);
    return [{ path, before: undefined, after: undefined, secret: true }];
  });
}
