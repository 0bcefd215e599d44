import { entriesOf } from '@ec/contract/shadow-documents/fields';
import { SHADOW_COMPARE_IGNORED_KEYS } from '@ec/contract/shadow-registry';
import type { ShadowName } from '@ec/contract/shadows';
import {
  changesWithSecretsHidden,
  entryId,
  HIDDEN_VALUE,
  isRecord,
} from '../../../lib/shadows/document-changes';
import { ENCODER_FIELD_LABELS } from '../../../lib/shadows/encoders-choices';
import { INPUT_FIELD_LABELS } from '../../../lib/shadows/inputs-labels';
import { decodeHtml } from '../../../lib/shadows/outputs-display';
import { outputFieldLabel } from '../../../lib/shadows/outputs-field-specs';
import { formatChangeValue } from '../../device-config/components/newer-version-notice';
import { systemFieldLabel } from '../../device-config/components/system-form';
import { restoreSetState } from './restore-set-state';

/** One line of the comparison of two versions, in the words of the tab's form. */
export interface VersionChange {
  /** Stable across renders: the changed field's path. */
  key: string;
  /** 'Output ‘Main stream’ › Bitrate', 'NTP Server'. */
  label: string;
  /** The value in the older version and in the newer one, as text. */
  before: string;
  after: string;
}

type Doc = Record<string, unknown> | null | undefined;

const ENTRY_NOUNS: Record<string, string> = {
  inputs: 'Input',
  encoders: 'Encoder',
  outputs: 'Output',
  alerts: 'Alert',
};

/** The Alerts editor's words for an alert's fields. */
const ALERT_FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  label: 'Label',
  type: 'Type',
  category: 'Category',
  'config.enabled': 'Enabled',
  'config.threshold_value': 'Threshold',
  'config.threshold_condition': 'Condition',
  'config.notify_on_close': 'Notify when the alert closes',
  'config.user_list': 'Notify users',
  'config.email_list': 'Notify e-mail addresses',
};

/** A field of an entry as the tab's form labels it (the rest of the path after the entry's id). */
function entryFieldLabel(listKey: string, field: string[], entry: Record<string, unknown>) {
  const inConfig = field[0] === 'config' ? field.slice(1).join('.') : field.join('.');
  switch (listKey) {
    case 'inputs':
      return (INPUT_FIELD_LABELS as Record<string, string>)[inConfig] ?? inConfig;
    case 'encoders':
      return ENCODER_FIELD_LABELS[field[0] === 'config' ? (field[1] ?? '') : (field[0] ?? '')] ?? inConfig;
    case 'outputs':
      return outputFieldLabel(String(entry.type), inConfig);
    default:
      return ALERT_FIELD_LABELS[field.join('.')] ?? field.join('.');
  }
}

/** An entry by the name its tab shows: "Output ‘Main stream’", or its id when it has no name. */
function entryLabel(listKey: string, id: string, entry: Record<string, unknown> | undefined) {
  const noun = ENTRY_NOUNS[listKey] ?? listKey;
  const config = isRecord(entry?.config) ? entry.config : {};
  const raw = listKey === 'alerts' ? (entry?.label ?? entry?.name) : config.name;
  const name = typeof raw === 'string' && raw.trim() !== '' ? decodeHtml(raw) : null;
  return name ? `${noun} ‘${name}’` : `${noun} ${id}`;
}

/** A changed path in the tab's words; an entry is found in the newer document, else the older one. */
function labelOf(path: string[], older: Doc, newer: Doc): string {
  const [root = '', id, ...field] = path;
  if (id !== undefined && root in ENTRY_NOUNS) {
    const find = (doc: Doc) => entriesOf(doc, root).find((entry) => entryId(entry) === id);
    const entry = find(newer) ?? find(older);
    const name = entryLabel(root, id, entry);
    return field.length > 0 ? `${name} › ${entryFieldLabel(root, field, entry ?? {})}` : name;
  }
  // System's fields sit under config; its form labels them from there.
  return systemFieldLabel(root === 'config' ? path.slice(1) : path);
}

function valuesOf(change: { before: unknown; after: unknown; secret?: true }): [string, string] {
  if (change.secret) return [HIDDEN_VALUE, `${HIDDEN_VALUE} (changed)`];
  if (change.before === undefined && isRecord(change.after)) return ['—', 'Added'];
  if (change.after === undefined && isRecord(change.before)) return ['Present', 'Removed'];
  return [formatChangeValue(change.before), formatChangeValue(change.after)];
}

/**
 * What differs between two versions of a shadow, field by field, in the tab's words. Only what a set
 * carries is compared (the set state the tab would send: restoreSetState), so statuses the device
 * writes are left out; entries are matched by id, secrets are never shown in clear.
 */
export function versionChanges(name: ShadowName, older: Doc, newer: Doc): VersionChange[] {
  const before = restoreSetState(name, older) ?? older;
  const after = restoreSetState(name, newer) ?? newer;
  return changesWithSecretsHidden(before, after, SHADOW_COMPARE_IGNORED_KEYS).map((change) => {
    const [from, to] = valuesOf(change);
    return {
      key: change.path.join('\u0000'),
      label: labelOf(change.path, before, after),
      before: from,
      after: to,
    };
  });
}

/** A change as one sentence: "Output ‘Main stream’ › Bitrate: 4000 → 6000". */
export const changeSentence = (change: VersionChange) =>
  `${change.label}: ${change.before} → ${change.after}`;
