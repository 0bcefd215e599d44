import { dynamicAddRemoveLockedMessage, supportsFeature } from '@ec/contract/version-gates';
import ErrorIcon from '@mui/icons-material/Error';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { get, useFieldArray, useWatch } from 'react-hook-form';
import { audioDetectedText, VideoFormatChip } from '../../../components/shadows/inputs-signal';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { type InputDraft, type InputsFormValues, inputsSetState } from '../../../lib/shadows/inputs-drafts';
import { inputFieldLabel } from '../../../lib/shadows/inputs-labels';
import type { DeviceConfigContext } from '../hooks/use-device-config-context';
import { useShadowListForm } from '../hooks/use-shadow-list-form';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { CreateInputDialog } from './inputs-create-dialog';
import { InputSettings } from './inputs-settings';
import { ListCreateBar } from './list-create-bar';
import { NewerVersionNotice } from './newer-version-notice';

/** Spec 3 §2.2, §9: up to 100 inputs on one page. */
const INPUT_PAGE_SIZES = [100] as const;
const DYNAMIC_INPUTS_NOTE = dynamicAddRemoveLockedMessage('inputs');

interface InputRow {
  key: string;
  index: number;
  draft: InputDraft;
}

const rowId = (draft: InputDraft) => String(draft.id);
const nameOf = (draft: InputDraft, index: number) =>
  typeof draft.config.name === 'string' && draft.config.name !== ''
    ? draft.config.name
    : `Input ${index + 1}`;

/**
 * The Inputs tab's list and forms (spec 3 §2.2, §4.1): a table with one expandable row per input,
 * Create Input and Delete Input where the device creates and removes inputs, Revert and Save. Every
 * change stays in the working copy until Save, which sends the whole list; the contract's issues show
 * at their fields.
 */
export function InputsEditor(props: {
  reported: { version: number; values: InputsFormValues };
  /** What the device reports of each input (video format, audio detected), by id. */
  reportedEntries: ReadonlyMap<string, Record<string, unknown>>;
  context: DeviceConfigContext;
  editable: boolean;
  showActions: boolean;
  saving: boolean;
  savedCount: number;
  savedVersion: number | null;
  onSave: (drafts: InputDraft[], targetVersion: number) => void;
}) {
  const { context, editable } = props;
  const { form, guard } = useShadowListForm({
    shadow: 'Inputs',
    toSetState: (values: InputsFormValues) => inputsSetState(values.inputs),
    reported: props.reported,
    validation: context.validation,
    saving: props.saving,
    savedCount: props.savedCount,
    savedVersion: props.savedVersion,
  });
  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: 'inputs',
    keyName: 'fieldKey',
  });
  const drafts = useWatch({ control: form.control, name: 'inputs' }) ?? [];
  const [expanded, setExpanded] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<InputRow | null>(null);
  const { errors, isDirty, isValid } = form.formState;
  const dynamic = supportsFeature(context.device, 'dynamicAddRemove');

  const rows: InputRow[] = fields.map((field, index) => ({
    key: field.fieldKey,
    index,
    draft: drafts[index] ?? field,
  }));
  const selected = rows.find((row) => rowId(row.draft) === expanded) ?? null;
  const reportedOf = (draft: InputDraft) => (draft.new ? undefined : props.reportedEntries.get(rowId(draft)));

  const columns: DataTableColumn<InputRow>[] = [
    {
      id: 'name',
      header: 'Name',
      // The name opens the input's form: a button, so that a keyboard reaches it too.
      cell: ({ draft, index }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Link
            component="button"
            type="button"
            aria-expanded={rowId(draft) === expanded}
            onClick={() => setExpanded(rowId(draft) === expanded ? null : rowId(draft))}
          >
            {nameOf(draft, index)}
          </Link>
          {Boolean(get(errors, `inputs.${index}`)) && (
            <ErrorIcon color="error" fontSize="small" titleAccess="Has errors" />
          )}
        </Stack>
      ),
    },
    {
      id: 'channel',
      header: 'Hardware Channel',
      cell: ({ draft }) => (draft.hw_channel === undefined ? '—' : String(draft.hw_channel)),
    },
    {
      id: 'format',
      header: 'Video Format',
      cell: ({ draft }) => (
        <VideoFormatChip format={reportedOf(draft)?.video_input_format} isNew={draft.new === true} />
      ),
    },
    {
      id: 'audio',
      header: 'Audio',
      cell: ({ draft }) => audioDetectedText(reportedOf(draft)?.audio_input_detected, draft.new === true),
    },
  ];

  const submit = form.handleSubmit((values) => {
    setExpanded(null);
    props.onSave(values.inputs, guard.acceptedVersion);
  });

  return (
    <>
      <form noValidate onSubmit={submit} aria-label="Inputs configuration">
        <Stack spacing={2}>
          <NewerVersionNotice guard={guard} labelOf={inputFieldLabel} />
          {props.showActions && (
            <ListCreateBar
              label="Create Input"
              lockedNote={dynamic ? null : DYNAMIC_INPUTS_NOTE}
              editable={editable}
              onCreate={() => setCreating(true)}
            />
          )}
          <DataTable
            label="Inputs"
            columns={columns}
            rows={rows}
            rowKey={(row) => row.key}
            emptyText="No inputs on this device"
            paging={{ kind: 'client', pageSizes: INPUT_PAGE_SIZES }}
            rowProps={(row) => ({ selected: rowId(row.draft) === expanded })}
          />
          {selected && (
            <InputSettings
              key={rowId(selected.draft)}
              form={form}
              index={selected.index}
              editable={editable}
              isNew={selected.draft.new === true}
              context={context}
              reportedEntry={reportedOf(selected.draft)}
              canDelete={props.showActions && (dynamic || selected.draft.new === true)}
              onDelete={() => setDeleting(selected)}
            />
          )}
          {props.showActions && (
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button disabled={!isDirty || !editable} onClick={guard.discardEdits}>
                Revert
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={!isDirty || !isValid || !editable}
                loading={props.saving}
              >
                Save
              </Button>
            </Stack>
          )}
        </Stack>
      </form>
      <CreateInputDialog
        open={creating}
        drafts={drafts}
        context={context}
        onClose={() => setCreating(false)}
        onCreate={(draft) => {
          append(draft);
          setExpanded(rowId(draft));
        }}
      />
      <ConfirmDeleteDialog
        title="Delete Input"
        name={deleting ? nameOf(deleting.draft, deleting.index) : null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove(deleting.index);
          setDeleting(null);
          setExpanded(null);
        }}
      />
    </>
  );
}
