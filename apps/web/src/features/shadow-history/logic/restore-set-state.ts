import { entriesOf } from '@ec/contract/shadow-documents/fields';
import { systemConfigSchema } from '@ec/contract/shadow-documents/system';
import type { ShadowName } from '@ec/contract/shadows';
import { draftsOf as alertDraftsOf, alertsSetState } from '../../../lib/shadows/alert-drafts';
import { encoderDraftsOf, encodersSetState } from '../../../lib/shadows/encoders-drafts';
import { inputDraftsOf, inputsSetState } from '../../../lib/shadows/inputs-drafts';
import { draftsOf as outputDraftsOf, outputsSetState } from '../../../lib/shadows/outputs-drafts';
import { readSystemState } from '../../../lib/shadows/system-form-values';

type Doc = Record<string, unknown> | null | undefined;

const idsOf = (document: Doc, listKey: string, idKey = 'id') =>
  new Set(entriesOf(document, listKey).map((entry) => String(entry[idKey])));

/**
 * The set state that brings a shadow back to `state` (a past version's document), built as the tab's
 * Save builds it from its form: the lists as {id, type, config} read by the tab's drafts (Inputs,
 * Encoders, Outputs), the alerts as the Alerts tab sends them, System's {config} as its form reads
 * and checks it. An entry the `current` document no longer has is sent as a new one (id false, an
 * alert without its guid), as the tab sends an entry it creates. Without `current` every entry is
 * sent as it was: the set state of the version itself, which the history compares. Null for a
 * shadow no tab restores (Containers).
 */
export function restoreSetState(
  name: ShadowName,
  state: Doc,
  current: Doc = state,
): Record<string, unknown> | null {
  switch (name) {
    case 'Inputs': {
      const ids = idsOf(current, 'inputs');
      return inputsSetState(
        inputDraftsOf(state).map((draft) => (ids.has(String(draft.id)) ? draft : { ...draft, new: true })),
      );
    }
    case 'Encoders': {
      const ids = idsOf(current, 'encoders');
      return encodersSetState(
        encoderDraftsOf(state).map((draft) => (ids.has(String(draft.id)) ? draft : { ...draft, new: true })),
      );
    }
    case 'Outputs': {
      const ids = idsOf(current, 'outputs');
      return outputsSetState(
        outputDraftsOf(state).map((draft) => (ids.has(String(draft.id)) ? draft : { ...draft, id: false })),
      );
    }
    case 'Alerts': {
      const guids = idsOf(current, 'alerts', 'alert_guid');
      return alertsSetState(
        alertDraftsOf(state).map(({ alert_guid, ...draft }) =>
          alert_guid && guids.has(alert_guid) ? { ...draft, alert_guid } : draft,
        ),
      );
    }
    case 'System': {
      // The form's values; the schema's reading of them (trimmed text) when they pass it, as Save sends.
      const { config } = readSystemState(state);
      const checked = systemConfigSchema.safeParse(config);
      return { config: checked.success ? checked.data : config };
    }
    case 'Containers':
      return null;
  }
}
