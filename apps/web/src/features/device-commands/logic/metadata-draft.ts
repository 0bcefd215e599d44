import {
  METADATA_KEYS,
  type MetadataEntry,
  type MetadataInput,
  type MetadataKey,
  metadataInputSchema,
  metadataValue,
} from '@ec/contract/device-metadata';

/** The metadata editors' working copy: a value per key, '' when not set. */
export type MetadataDraft = Record<MetadataKey, string>;

export const metadataDraft = (metadata: readonly MetadataEntry[]): MetadataDraft =>
  Object.fromEntries(METADATA_KEYS.map((key) => [key, metadataValue(metadata, key) ?? ''])) as MetadataDraft;

/** The contract's message for each edited key whose value it refuses (the note's 200 characters...). */
export function metadataIssues(
  draft: MetadataDraft,
  keys: readonly MetadataKey[],
): Partial<Record<MetadataKey, string>> {
  const issues: Partial<Record<MetadataKey, string>> = {};
  for (const key of keys) {
    const parsed = metadataInputSchema.safeParse({ key, value: draft[key] });
    if (!parsed.success) issues[key] = parsed.error.issues[0]?.message ?? 'Invalid value';
  }
  return issues;
}

/** The entries a save sends: the edited keys whose value changed; an empty value clears the key. */
export function metadataChanges(
  draft: MetadataDraft,
  saved: MetadataDraft,
  keys: readonly MetadataKey[],
): MetadataInput[] {
  return keys
    .filter((key) => draft[key].trim() !== saved[key].trim())
    .map((key) => ({ key, value: draft[key].trim() }) as MetadataInput);
}
