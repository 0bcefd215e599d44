import { sameValue } from '@ec/contract/shadow-documents/fields';
import { entryId, isEntryList, isRecord } from '../../../lib/shadows/document-changes';

type Entry = Record<string, unknown>;

/**
 * Entries merged by id: the user's entries in their order, each with the other side's changes to
 * fields the user left alone; entries the other side added come after; an entry one side deleted and
 * the other left alone stays deleted; an entry the user added (no id yet) is kept.
 */
function rebaseEntries(base: Entry[], edited: Entry[], next: Entry[]): Entry[] {
  const baseById = new Map(base.map((entry) => [entryId(entry), entry]));
  const nextById = new Map(next.map((entry) => [entryId(entry), entry]));
  const editedIds = new Set(edited.map(entryId));
  const kept = edited.flatMap((entry) => {
    const id = entryId(entry);
    const original = id === undefined ? undefined : baseById.get(id);
    if (!original) return [entry];
    const theirs = nextById.get(id);
    if (theirs) return [rebaseEdits(original, entry, theirs) as Entry];
    return sameValue(entry, original) ? [] : [entry];
  });
  const added = next.filter((entry) => !baseById.has(entryId(entry)) && !editedIds.has(entryId(entry)));
  return [...kept, ...added];
}

/**
 * The user's edits (from `base` to `edited`) replayed on a newer version of the document (`next`):
 * what the user left alone takes the newer value, what the user changed keeps the user's value,
 * field by field; the user's value wins where both changed the same field.
 */
export function rebaseEdits<T>(base: T, edited: T, next: T): T {
  if (sameValue(edited, base)) return next;
  if (sameValue(next, base)) return edited;
  if (isRecord(base) && isRecord(edited) && isRecord(next)) {
    const keys = [...new Set([...Object.keys(edited), ...Object.keys(next)])];
    return Object.fromEntries(keys.map((key) => [key, rebaseEdits(base[key], edited[key], next[key])])) as T;
  }
  const lists = [base, edited, next];
  if (lists.every((list) => Array.isArray(list) && (list.length === 0 || isEntryList(list))))
    return rebaseEntries(base as Entry[], edited as Entry[], next as Entry[]) as T;
  return edited;
}
