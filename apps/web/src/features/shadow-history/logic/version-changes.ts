import { entriesOf } from '@ec/contract/shadow-documents/fields';
import { SHADOW_COMPARE_IGNORED_KEYS } from '@ec/contract/shadow-registry';
import type { ShadowName } from '@ec/contract/shadows';
import {
  changesWithSecretsHidden,
  entryId,
  formatChangeValue,
  HIDDEN_VALUE,
  isRecord,
} from '../../../lib/shadows/document-changes';
import { decodeHtml } from '../../../lib/shadows/outputs-display';
import { type ShadowForm, type ShadowListWords, shadowForm } from '../../../lib/shadows/shadow-forms';

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

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** An entry by the name its tab shows: "Output ‘Main stream’", or its id when it has no name. */
function entryLabel(words: ShadowListWords, id: string, entry: Record<string, unknown> | undefined) {
  const noun = capitalized(words.nouns[0]);
  const raw = entry ? words.entryName(entry) : null;
  const name = raw !== null && raw.trim() !== '' ? decodeHtml(raw) : null;
  return name ? `${noun} ‘${name}’` : `${noun} ${id}`;
}

/** A changed path in the tab's words; an entry is found in the newer document, else the older one. */
function labelOf(form: ShadowForm | undefined, path: string[], older: Doc, newer: Doc): string {
  const [root = '', id, ...field] = path;
  const words = form?.list;
  if (words && id !== undefined && root === words.listKey) {
    const find = (doc: Doc) => entriesOf(doc, root).find((entry) => entryId(entry) === id);
    const entry = find(newer) ?? find(older);
    const name = entryLabel(words, id, entry);
    return field.length > 0 ? `${name} › ${words.fieldLabel(field, entry ?? {})}` : name;
  }
  // System's fields sit under config; its form labels them from there.
  const inConfig = root === 'config' ? path.slice(1) : path;
  return form ? form.fieldLabel(inConfig) : inConfig.join(' › ');
}

function valuesOf(change: { before: unknown; after: unknown; secret?: true }): [string, string] {
  if (change.secret) return [HIDDEN_VALUE, `${HIDDEN_VALUE} (changed)`];
  if (change.before === undefined && isRecord(change.after)) return ['—', 'Added'];
  if (change.after === undefined && isRecord(change.before)) return ['Present', 'Removed'];
  return [formatChangeValue(change.before), formatChangeValue(change.after)];
}

/**
 * What differs between two versions of a shadow, field by field, in the tab's words. Only what a set
 * carries is compared (the set state the tab would send: the shadow form's restoreSet), so statuses the device
 * writes are left out; entries are matched by id, secrets are never shown in clear.
 */
export function versionChanges(name: ShadowName, older: Doc, newer: Doc): VersionChange[] {
  const form = shadowForm(name);
  const before = form?.restoreSet(older, older) ?? older;
  const after = form?.restoreSet(newer, newer) ?? newer;
  return changesWithSecretsHidden(before, after, SHADOW_COMPARE_IGNORED_KEYS).map((change) => {
    const [from, to] = valuesOf(change);
    return {
      key: change.path.join('\u0000'),
      label: labelOf(form, change.path, before, after),
      before: from,
      after: to,
    };
  });
}

/** A change as one sentence: "Output ‘Main stream’ › Bitrate: 4000 → 6000". */
export const changeSentence = (change: VersionChange) =>
  `${change.label}: ${change.before} → ${change.after}`;
