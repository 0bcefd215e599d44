import { sameValue } from '@ec/contract/shadow-documents/fields';
import type { ShadowSetContext } from '@ec/contract/shadow-registry';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import {
  type ListRow,
  ShadowListEditor,
  type ShadowListModel,
} from '../../../components/list-editor/shadow-list-editor';
import { outputName, outputStatus, outputTypeLabel } from '../../../lib/shadows/outputs-display';
import { isNewDraft, type OutputDraft, type OutputsFormValues } from '../../../lib/shadows/outputs-drafts';
import { outputFieldLabel } from '../../../lib/shadows/outputs-field-specs';
import { useOutputsForm } from '../hooks/use-outputs-form';
import { useReportedVersionGuard } from '../hooks/use-reported-version-guard';
import { outputsFormSetState, outputsIssues, outputsWarnings } from '../logic/outputs-issues';
import { NewerVersionNotice } from './newer-version-notice';
import { OutputConfigFields, type OutputDeviceContext } from './outputs-config-fields';
import { OutputsCreateDialog } from './outputs-create-dialog';
import { OutputsDeleteDialog } from './outputs-delete-dialog';

const TONE_COLORS = { success: 'success', warning: 'warning', default: 'default' } as const;

const shownName = ({ entry }: ListRow<OutputDraft>) => outputName(entry) || '(no name)';

/**
 * The Outputs list (spec 3 §2.4, §4.1): Name, Output Type, Enabled and Output Status; the open output's
 * settings by its type; Create Output and Delete Output. The working copy is judged as a whole list
 * (useOutputsForm); Save sends it against the version the user has seen.
 */
export function OutputsList(props: {
  /** The latest reported outputs and their version. */
  reported: { version: number; values: OutputsFormValues };
  /** The reported entries by id, whose status the table shows. */
  reportedEntries: ReadonlyMap<string, Record<string, unknown>>;
  validation: ShadowSetContext;
  device: OutputDeviceContext;
  /** Why outputs cannot be created or deleted on this device, or null. */
  locked: string | null;
  editable: boolean;
  showActions: boolean;
  saving: boolean;
  savedCount: number;
  savedVersion: number | null;
  onSave: (state: ReturnType<typeof outputsFormSetState>, targetVersion: number) => void;
}) {
  const { reported, validation, device, editable } = props;
  const form = useOutputsForm(reported.values, validation);
  // What Revert returns to and what counts as unchanged: the version accepted, or the applied save.
  const [base, setBase] = useState(reported.values);
  const values = form.watch();
  const issues = outputsIssues(values, validation);
  const invalid = new Set(issues.map((issue) => issue.path[1]));
  const guard = useReportedVersionGuard({
    reported,
    dirty: !sameValue(outputsFormSetState(values), outputsFormSetState(base)),
    getValues: form.getValues,
    reset: (next, nextBase) => {
      setBase(nextBase);
      form.reset(nextBase);
      form.reset(next, { keepDefaultValues: true });
    },
    paused: props.saving,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: react to an applied save only
  useEffect(() => {
    if (props.savedCount) guard.acceptSaved(form.getValues(), props.savedVersion);
  }, [props.savedCount]);

  const setOutputs = (outputs: OutputDraft[]) => form.setValue('outputs', outputs, { shouldDirty: true });
  const model: ShadowListModel<OutputDraft> = {
    rows: values.outputs.map((draft, index) => ({ key: draft.key, index, entry: draft })),
    changed: !sameValue(outputsFormSetState(values), outputsFormSetState(base)),
    valid: issues.length === 0,
    hasIssue: (row) => invalid.has(row.index),
    add: (draft) => {
      setOutputs([...form.getValues('outputs'), draft]);
      return draft.key;
    },
    remove: (row) => setOutputs(form.getValues('outputs').filter((draft) => draft.key !== row.key)),
    revert: guard.discardEdits,
    save: () => props.onSave(outputsFormSetState(form.getValues()), guard.acceptedVersion),
  };

  const labelOf = (path: string[]) => {
    const [, id, , ...field] = path;
    const draft = [...base.outputs, ...reported.values.outputs].find((output) => String(output.id) === id);
    const name = draft ? outputName(draft) : `Output ${id}`;
    return field.length > 0 && draft ? `${name} › ${outputFieldLabel(draft.type, field.join('.'))}` : name;
  };

  return (
    <ShadowListEditor
      noun="Output"
      tableLabel="Outputs"
      emptyText="This device has no outputs"
      model={model}
      notice={<NewerVersionNotice guard={guard} labelOf={labelOf} />}
      lead={
        <Typography variant="h4" component="h2">
          Output Configuration
        </Typography>
      }
      nameOf={shownName}
      nameBadges={({ entry }, hasIssue) => (
        <>
          {isNewDraft(entry) && <Chip size="small" variant="outlined" label="New" />}
          {hasIssue && <Chip size="small" color="error" variant="outlined" label="Has errors" />}
        </>
      )}
      sortByName
      columns={[
        {
          id: 'type',
          header: 'Output Type',
          cell: ({ entry }) => outputTypeLabel(entry.type),
          sortValue: ({ entry }) => outputTypeLabel(entry.type),
        },
        {
          id: 'enabled',
          header: 'Enabled',
          cell: ({ entry }) => (entry.config.enable === true ? 'Yes' : 'No'),
        },
        {
          id: 'status',
          header: 'Output Status',
          cell: ({ entry }) => {
            const status = outputStatus(entry, props.reportedEntries.get(String(entry.id)));
            return status ? <Chip size="small" color={TONE_COLORS[status.tone]} label={status.text} /> : null;
          },
        },
      ]}
      highlightIssues
      settingsTitle={shownName}
      settingsLabel={({ entry }) => `${outputName(entry)} settings`}
      settingsLevel="h3"
      settings={({ index }) => (
        <OutputConfigFields
          form={form}
          index={index}
          device={device}
          editable={editable}
          warnings={outputsWarnings(values)}
        />
      )}
      canDelete={() => true}
      createDialog={(dialog) => (
        <OutputsCreateDialog
          {...dialog}
          existing={values.outputs}
          context={validation}
          device={device}
          locked={props.locked}
        />
      )}
      deleteDialog={({ row, onClose, onConfirm }) => (
        <OutputsDeleteDialog
          outputName={row ? outputName(row.entry) : null}
          locked={row && isNewDraft(row.entry) ? null : props.locked}
          onClose={onClose}
          onDelete={onConfirm}
        />
      )}
      editable={editable}
      showActions={props.showActions}
      saving={props.saving}
    />
  );
}
