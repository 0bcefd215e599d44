import { configOf, entriesOf } from '@ec/contract/shadow-documents/fields';
import { shadowRegistry } from '@ec/contract/shadow-registry';
import type { TemplateShadowName } from '@ec/contract/shadow-template-state';
import { documentChanges, entryId, type FieldChange, isRecord } from '../../../lib/shadows/document-changes';
import { encoderFieldLabel } from '../../../lib/shadows/encoders-choices';
import { inputFieldLabel } from '../../../lib/shadows/inputs-labels';
import { outputTypeLabel } from '../../../lib/shadows/outputs-display';
import { outputFieldLabel } from '../../../lib/shadows/outputs-field-specs';
import { formatChangeValue } from '../../device-config/components/newer-version-notice';
import { systemFieldLabel } from '../../device-config/components/system-form';

/** One line of what applying a template changes on a device, as the apply dialog lists it. */
export interface TemplateChange {
  key: string;
  text: string;
}

type Doc = Record<string, unknown>;
type ListShadow = Exclude<TemplateShadowName, 'System'>;

const NOUNS: Record<ListShadow, string> = {
  Inputs: 'input',
  Encoders: 'encoder',
  Outputs: 'output',
  Alerts: 'alert',
};

/** An entry's name as its tab shows it: an alert's label, another entry's config name. */
function entryName(name: ListShadow, entry: Doc): string {
  const text = name === 'Alerts' ? entry.label : configOf(entry).name;
  return typeof text === 'string' && text !== '' ? text : `#${entryId(entry) ?? '?'}`;
}

const typeSuffix = (name: ListShadow, entry: Doc) =>
  name === 'Outputs' && typeof entry.type === 'string' ? ` (${outputTypeLabel(entry.type)})` : '';

/** A changed field of an entry, labelled as the tab's notice of a newer version labels it. */
function fieldLabel(name: ListShadow, path: string[], entry: Doc): string {
  const [, , ...rest] = path;
  const field = (rest[0] === 'config' ? rest.slice(1) : rest).join('.');
  if (name === 'Inputs') return inputFieldLabel(path);
  if (name === 'Encoders') return encoderFieldLabel(path);
  const label = name === 'Outputs' ? outputFieldLabel(String(entry.type), field) : field;
  return `${entryName(name, entry)} › ${label}`;
}

const valueChange = (change: FieldChange) =>
  `${formatChangeValue(change.before)} → ${formatChangeValue(change.after)}`;

/**
 * What sending `set` would change on a device that reports `reported`: the document the device would
 * keep after the set (the registry's applySet) compared with the reported one, field by field, without
 * secrets; entries the device would create or remove as one line each.
 */
export function templateChanges(name: TemplateShadowName, reported: unknown, set: Doc): TemplateChange[] {
  const definition = shadowRegistry[name];
  const before = isRecord(reported) ? reported : {};
  const after = definition.applySet(set, before);
  if (name === 'System')
    return documentChanges(before, after, definition.ignoredKeys).map((change) => ({
      key: change.path.join('.'),
      text: `${systemFieldLabel(change.path.slice(1))}: ${valueChange(change)}`,
    }));

  const listKey = shadowRegistry[name].listKey;
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
      return { key, text: `Removes ${NOUNS[name]} “${entryName(name, change.before)}”` };
    if (change.path.length === 2 && isRecord(change.after) && change.before === undefined)
      return {
        key,
        text: `Adds ${NOUNS[name]} “${entryName(name, change.after)}”${typeSuffix(name, change.after)}`,
      };
    return { key, text: `${fieldLabel(name, change.path, entry)}: ${valueChange(change)}` };
  });
  const created = entriesOf(after, listKey)
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => entryId(entry) === undefined)
    .map(({ entry, index }) => ({
      key: `new.${index}`,
      text: `Adds ${NOUNS[name]} “${entryName(name, entry)}”${typeSuffix(name, entry)}`,
    }));
  return [...lines, ...created];
}
