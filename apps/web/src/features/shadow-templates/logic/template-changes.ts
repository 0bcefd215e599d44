import { entriesOf } from '@ec/contract/shadow-documents/fields';
import { shadowRegistry } from '@ec/contract/shadow-registry';
import type { TemplateShadowName } from '@ec/contract/shadow-template-state';
import {
  documentChanges,
  entryId,
  type FieldChange,
  formatChangeValue,
  isRecord,
} from '../../../lib/shadows/document-changes';
import { entryTitle, type ShadowListWords, shadowForms } from '../../../lib/shadows/shadow-forms';

/** One line of what applying a template changes on a device, as the apply dialog lists it. */
export interface TemplateChange {
  key: string;
  text: string;
}

type Doc = Record<string, unknown>;

/** 'Adds output “Preview” (Thumbnail)': an entry by its name, and its type where the list shows one. */
function entryText(words: ShadowListWords, entry: Doc): string {
  const type = words.typeLabel(entry);
  return `${words.nouns[0]} “${entryTitle(words, entry)}”${type ? ` (${type})` : ''}`;
}

const valueChange = (change: FieldChange) =>
  `${formatChangeValue(change.before)} → ${formatChangeValue(change.after)}`;

/**
 * A changed field in the forms' words: System's by its label, a list entry's field as 'Entry › Label';
 * `path` is the document's (an entry named by its id), `entry` the entry it is in. An entry added or
 * taken away (path of two keys) is named by its noun and title.
 */
export function changeFieldLabel(name: TemplateShadowName, path: string[], entry: Doc): string {
  const form = shadowForms[name];
  const words = form.list;
  if (!words) return form.fieldLabel(path.slice(1));
  if (path.length === 2) return entryText(words, entry);
  return words.noticeLabel(path, entry);
}

/**
 * What sending `set` would change on a device that reports `reported`: the document the device would
 * keep after the set (the registry's applySet) compared with the reported one, field by field, without
 * secrets; entries the device would create or remove as one line each.
 */
export function templateChanges(name: TemplateShadowName, reported: unknown, set: Doc): TemplateChange[] {
  const definition = shadowRegistry[name];
  const form = shadowForms[name];
  const before = isRecord(reported) ? reported : {};
  const after = definition.applySet(set, before);
  const words = form.list;
  if (!words)
    return documentChanges(before, after, definition.ignoredKeys).map((change) => ({
      key: change.path.join('.'),
      text: `${changeFieldLabel(name, change.path, {})}: ${valueChange(change)}`,
    }));

  const { listKey } = words;
  // An entry the device does not have yet has no id (false, or no alert_guid): documentChanges cannot
  // match it, so the entries that have one are compared and each new one is listed after them.
  const known = entriesOf(after, listKey).filter((entry) => entryId(entry) !== undefined);
  const changes = documentChanges(before, { ...after, [listKey]: known }, definition.ignoredKeys);
  const entries = new Map(
    [...entriesOf(after, listKey), ...entriesOf(before, listKey)].map((entry) => [entryId(entry), entry]),
  );
  const lines = changes.map((change): TemplateChange => {
    const key = change.path.join('.');
    const entry = entries.get(change.path[1]) ?? {};
    if (change.path.length === 2 && isRecord(change.before) && change.after === undefined)
      return { key, text: `Removes ${words.nouns[0]} “${entryTitle(words, change.before)}”` };
    if (change.path.length === 2 && isRecord(change.after) && change.before === undefined)
      return { key, text: `Adds ${entryText(words, change.after)}` };
    return { key, text: `${changeFieldLabel(name, change.path, entry)}: ${valueChange(change)}` };
  });
  const created = entriesOf(after, listKey)
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => entryId(entry) === undefined)
    .map(({ entry, index }) => ({
      key: `new.${index}`,
      text: `Adds ${entryText(words, entry)}`,
    }));
  return [...lines, ...created];
}
