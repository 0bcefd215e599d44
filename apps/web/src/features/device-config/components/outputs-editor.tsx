import type { ShadowSetContext } from '@ec/contract/shadow-registry';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { sameValue } from '../../../lib/shadows/document-changes';
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

/** Spec 3 §2.4, §9: 100 outputs a page, with no footer. */
const OUTPUTS_PAGE_SIZES = [100] as const;

const TONE_COLORS = { success: 'success', warning: 'warning', default: 'default' } as const;

interface Row {
  draft: OutputDraft;
  index: number;
}

/**
 * The outputs (spec 3 §2.4, §4.1): the table (Name, Output Type, Enabled, Output Status), the editor
 * of the output opened from it, Create Output and Delete. Every change stays in the working copy until
 * Save, which sends the whole list against the version the user has seen; Revert returns to the
 * device's list. A newer reported version never replaces unsaved edits silently.
 */
export function OutputsEditor(props: {
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
  const changed = !sameValue(outputsFormSetState(values), outputsFormSetState(base));
  const issues = outputsIssues(values, validation);
  const warnings = outputsWarnings(values);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<OutputDraft | null>(null);

  const guard = useReportedVersionGuard({
    reported,
    dirty: changed,
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
    if (!props.savedCount) return;
    guard.acceptSaved(form.getValues(), props.savedVersion);
    setSelectedKey(null);
  }, [props.savedCount]);

  const rows: Row[] = values.outputs.map((draft, index) => ({ draft, index }));
  const selected = rows.find((row) => row.draft.key === selectedKey) ?? null;
  const invalid = new Set(issues.map((issue) => issue.path[1]));
  const setOutputs = (outputs: OutputDraft[]) => form.setValue('outputs', outputs, { shouldDirty: true });

  const labelOf = (path: string[]) => {
    const [, id, , ...field] = path;
    const draft = [...base.outputs, ...reported.values.outputs].find((output) => String(output.id) === id);
    const name = draft ? outputName(draft) : `Output ${id}`;
    return field.length > 0 && draft ? `${name} › ${outputFieldLabel(draft.type, field.join('.'))}` : name;
  };

  const columns: DataTableColumn<Row>[] = [
    {
      id: 'name',
      header: 'Name',
      // The name opens the output's settings: a button, so that a keyboard reaches it too.
      cell: ({ draft, index }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Link
            component="button"
            type="button"
            aria-expanded={draft.key === selectedKey}
            onClick={() => setSelectedKey(draft.key === selectedKey ? null : draft.key)}
          >
            {outputName(draft) || '(no name)'}
          </Link>
          {isNewDraft(draft) && <Chip size="small" variant="outlined" label="New" />}
          {invalid.has(index) && <Chip size="small" color="error" variant="outlined" label="Has errors" />}
        </Stack>
      ),
      sortValue: ({ draft }) => outputName(draft),
    },
    {
      id: 'type',
      header: 'Output Type',
      cell: ({ draft }) => outputTypeLabel(draft.type),
      sortValue: ({ draft }) => outputTypeLabel(draft.type),
    },
    { id: 'enabled', header: 'Enabled', cell: ({ draft }) => (draft.config.enable === true ? 'Yes' : 'No') },
    {
      id: 'status',
      header: 'Output Status',
      cell: ({ draft }) => {
        const status = outputStatus(draft, props.reportedEntries.get(String(draft.id)));
        return status ? <Chip size="small" color={TONE_COLORS[status.tone]} label={status.text} /> : null;
      },
    },
  ];

  return (
    <Stack spacing={2}>
      <NewerVersionNotice guard={guard} labelOf={labelOf} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Typography variant="h4" component="h2">
          Output Configuration
        </Typography>
        {props.showActions && (
          <Button variant="outlined" disabled={!editable} onClick={() => setCreating(true)}>
            Create Output
          </Button>
        )}
      </Stack>
      <DataTable
        label="Outputs"
        columns={columns}
        rows={rows}
        rowKey={({ draft }) => draft.key}
        emptyText="This device has no outputs"
        paging={{ kind: 'client', pageSizes: OUTPUTS_PAGE_SIZES }}
        rowProps={({ draft, index }) => ({ selected: draft.key === selectedKey || invalid.has(index) })}
      />
      {selected && (
        <Paper
          variant="outlined"
          component="section"
          aria-label={`${outputName(selected.draft)} settings`}
          sx={{ p: 2 }}
        >
          <Stack spacing={2}>
            <Typography variant="h4" component="h3">
              {outputName(selected.draft) || '(no name)'}
            </Typography>
            <OutputConfigFields
              key={selected.draft.key}
              form={form}
              index={selected.index}
              device={device}
              editable={editable}
              warnings={warnings}
            />
            {props.showActions && (
              <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                <Button color="error" disabled={!editable} onClick={() => setDeleting(selected.draft)}>
                  Delete Output
                </Button>
              </Stack>
            )}
          </Stack>
        </Paper>
      )}
      {props.showActions && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            disabled={!changed || !editable}
            onClick={() => {
              guard.discardEdits();
              setSelectedKey(null);
            }}
          >
            Revert
          </Button>
          <Button
            variant="contained"
            disabled={!changed || issues.length > 0 || !editable}
            loading={props.saving}
            onClick={() => props.onSave(outputsFormSetState(form.getValues()), guard.acceptedVersion)}
          >
            Save
          </Button>
        </Stack>
      )}
      {creating && (
        <OutputsCreateDialog
          existing={values.outputs}
          context={validation}
          device={device}
          locked={props.locked}
          onClose={() => setCreating(false)}
          onCreate={(draft) => {
            setOutputs([...form.getValues('outputs'), draft]);
            setSelectedKey(draft.key);
          }}
        />
      )}
      <OutputsDeleteDialog
        outputName={deleting ? outputName(deleting) : null}
        locked={deleting && isNewDraft(deleting) ? null : props.locked}
        onClose={() => setDeleting(null)}
        onDelete={() => {
          setOutputs(form.getValues('outputs').filter((draft) => draft.key !== deleting?.key));
          setSelectedKey(null);
        }}
      />
    </Stack>
  );
}
