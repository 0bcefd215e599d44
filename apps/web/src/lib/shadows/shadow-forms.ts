import { configOf, entriesOf } from '@ec/contract/shadow-documents/fields';
import { systemConfigSchema } from '@ec/contract/shadow-documents/system';
import { isTemplateShadow, type TemplateShadowName } from '@ec/contract/shadow-template-state';
import type { ShadowName } from '@ec/contract/shadows';
import { draftsOf as alertDraftsOf, alertsSetState } from './alert-drafts';
import { entryId } from './document-changes';
import { ENCODER_FIELD_LABELS, encoderFieldLabel } from './encoders-choices';
import { encoderDraftsOf, encodersSetState } from './encoders-drafts';
import { inputDraftsOf, inputsSetState } from './inputs-drafts';
import { INPUT_FIELD_LABELS, inputFieldLabel } from './inputs-labels';
import { outputTypeLabel } from './outputs-display';
import { draftsOf as outputDraftsOf, outputsSetState } from './outputs-drafts';
import { outputFieldLabel } from './outputs-field-specs';
import { readSystemState, systemFieldLabel } from './system-form-values';

/**
 * What the console's configuration tabs know of each shadow they edit, beside the contract's registry
 * (which knows the documents themselves): how a document becomes the set its tab's Save sends, and
 * the tab's words for its entries and fields. The history, the templates and the tabs ask this table
 * instead of testing shadow names.
 */

type Doc = Record<string, unknown>;
type Entry = Record<string, unknown>;

/** What a tab with a list (Inputs, Encoders, Outputs, Alerts) calls its entries and their fields. */
export interface ShadowListWords {
  listKey: string;
  /** 'output', 'outputs'. */
  nouns: readonly [one: string, many: string];
  /** The text that names an entry in its tab (an alert's label, another entry's config name). */
  entryName(entry: Entry): string | null;
  /** The entry's type in words, for the lists whose entries differ by type (Outputs); else null. */
  typeLabel(entry: Entry): string | null;
  /** A field of an entry as the tab's form labels it: the path inside the entry, ['config', 'bitrate']. */
  fieldLabel(field: string[], entry: Entry): string;
  /** A changed path as the tab's notice of a newer version words it: ['encoders', '2', 'config', 'bitrate']. */
  noticeLabel(path: string[], entry: Entry): string;
}

export interface ShadowForm {
  /**
   * The set state the tab's Save would send to bring the shadow back to `state`; an entry `current`
   * lacks is sent as one the tab creates (id false, or no alert guid).
   */
  restoreSet(state: Doc | null | undefined, current: Doc | null | undefined): Doc;
  /** The list's words; null for System's single config, whose fields `fieldLabel` names. */
  list: ShadowListWords | null;
  /** A field outside the list (System's, by its path inside config). */
  fieldLabel(path: string[]): string;
  /** One line telling documents apart: the entries' count and names, or System's zone and NTP server. */
  summary(state: unknown): string;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

const idsOf = (document: Doc | null | undefined, listKey: string, idKey = 'id') =>
  new Set(entriesOf(document, listKey).map((entry) => String(entry[idKey])));

/** A field path inside an entry without its leading 'config': ['config', 'a', 'b'] -> 'a.b'. */
const inConfig = (field: string[]) => (field[0] === 'config' ? field.slice(1) : field).join('.');

/** An entry by its name, or its id when it has none: 'SRT to production', '#3'. */
export const entryTitle = (words: ShadowListWords, entry: Entry) =>
  words.entryName(entry) ?? `#${entryId(entry) ?? '?'}`;

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

const configName = (entry: Entry) => text(configOf(entry).name);
const alertName = (entry: Entry) => text(entry.label ?? entry.name);

function listForm(words: ShadowListWords, restoreSet: ShadowForm['restoreSet']): ShadowForm {
  const [one, many] = words.nouns;
  return {
    restoreSet,
    list: words,
    fieldLabel: (path) => path.join(' › '),
    summary: (state) => {
      const entries = entriesOf(state, words.listKey);
      const count = `${entries.length} ${entries.length === 1 ? one : many}`;
      const names = entries.map(words.entryName).filter((name) => name !== null);
      return names.length ? `${count}: ${names.join(', ')}` : count;
    },
  };
}

const outputsWords: ShadowListWords = {
  listKey: 'outputs',
  nouns: ['output', 'outputs'],
  entryName: configName,
  typeLabel: (entry) => (typeof entry.type === 'string' ? outputTypeLabel(entry.type) : null),
  fieldLabel: (field, entry) => outputFieldLabel(String(entry.type), inConfig(field)),
  noticeLabel: (path, entry) =>
    `${entryTitle(outputsWords, entry)} › ${outputFieldLabel(String(entry.type), inConfig(path.slice(2)))}`,
};

const alertsWords: ShadowListWords = {
  listKey: 'alerts',
  nouns: ['alert', 'alerts'],
  entryName: alertName,
  typeLabel: () => null,
  fieldLabel: (field) => ALERT_FIELD_LABELS[field.join('.')] ?? field.join('.'),
  noticeLabel: (path, entry) => `${entryTitle(alertsWords, entry)} › ${inConfig(path.slice(2))}`,
};

export const shadowForms: Record<TemplateShadowName, ShadowForm> = {
  Inputs: listForm(
    {
      listKey: 'inputs',
      nouns: ['input', 'inputs'],
      entryName: configName,
      typeLabel: () => null,
      fieldLabel: (field) =>
        (INPUT_FIELD_LABELS as Record<string, string>)[inConfig(field)] ?? inConfig(field),
      noticeLabel: inputFieldLabel,
    },
    (state, current) => {
      const ids = idsOf(current, 'inputs');
      return inputsSetState(
        inputDraftsOf(state).map((draft) => (ids.has(String(draft.id)) ? draft : { ...draft, new: true })),
      );
    },
  ),
  Encoders: listForm(
    {
      listKey: 'encoders',
      nouns: ['encoder', 'encoders'],
      entryName: configName,
      typeLabel: () => null,
      fieldLabel: (field) =>
        ENCODER_FIELD_LABELS[field[0] === 'config' ? (field[1] ?? '') : (field[0] ?? '')] ?? inConfig(field),
      noticeLabel: encoderFieldLabel,
    },
    (state, current) => {
      const ids = idsOf(current, 'encoders');
      return encodersSetState(
        encoderDraftsOf(state).map((draft) => (ids.has(String(draft.id)) ? draft : { ...draft, new: true })),
      );
    },
  ),
  Outputs: listForm(outputsWords, (state, current) => {
    const ids = idsOf(current, 'outputs');
    return outputsSetState(
      outputDraftsOf(state).map((draft) => (ids.has(String(draft.id)) ? draft : { ...draft, id: false })),
    );
  }),
  Alerts: listForm(alertsWords, (state, current) => {
    const guids = idsOf(current, 'alerts', 'alert_guid');
    return alertsSetState(
      alertDraftsOf(state).map(({ alert_guid, ...draft }) =>
        alert_guid && guids.has(alert_guid) ? { ...draft, alert_guid } : draft,
      ),
    );
  }),
  System: {
    restoreSet: (state) => {
      // The form's values; the schema's reading of them (trimmed text) when they pass it, as Save sends.
      const { config } = readSystemState(state);
      const checked = systemConfigSchema.safeParse(config);
      return { config: checked.success ? checked.data : config };
    },
    list: null,
    fieldLabel: systemFieldLabel,
    summary: (state) => {
      const config = configOf((state ?? {}) as Doc);
      return `Timezone ${text(config.timezone) ?? '—'} · NTP Server ${text(config.ntp_server) ?? '—'}`;
    },
  },
};

/** The form of a shadow a tab edits; undefined for one no tab edits (Containers). */
export const shadowForm = (name: ShadowName): ShadowForm | undefined =>
  isTemplateShadow(name) ? shadowForms[name] : undefined;
