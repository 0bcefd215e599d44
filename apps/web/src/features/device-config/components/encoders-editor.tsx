import { encoderStatusText } from '@ec/contract/shadow-documents/encoders';
import { dynamicAddRemoveLockedMessage, supportsFeature } from '@ec/contract/version-gates';
import ErrorIcon from '@mui/icons-material/Error';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { get, useFieldArray, useWatch } from 'react-hook-form';
import { EncoderStatusChip } from '../../../components/shadows/encoders-status-chip';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import type { Choice } from '../../../lib/shadows/choices';
import {
  audioCodecChoices,
  encoderFieldLabel,
  encoderTypeLabel,
} from '../../../lib/shadows/encoders-choices';
import {
  type EncoderDraft,
  type EncodersFormValues,
  encodersSetState,
  type NewEncoderContext,
} from '../../../lib/shadows/encoders-drafts';
import type { InputOption } from '../../../lib/shadows/inputs-drafts';
import type { DeviceConfigContext } from '../hooks/use-device-config-context';
import { useShadowListForm } from '../hooks/use-shadow-list-form';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { CreateEncoderDialog } from './encoders-create-dialog';
import { EncoderSettings } from './encoders-settings';
import { ListCreateBar } from './list-create-bar';
import { NewerVersionNotice } from './newer-version-notice';

/** Spec 3 §2.3, §9: up to 100 encoders on one page. */
const ENCODER_PAGE_SIZES = [100] as const;
const DYNAMIC_ENCODERS_NOTE = dynamicAddRemoveLockedMessage('encoders');

interface EncoderRow {
  key: string;
  index: number;
  draft: EncoderDraft;
}

const rowId = (draft: EncoderDraft) => String(draft.id);
const nameOf = (draft: EncoderDraft) =>
  typeof draft.config.name === 'string' && draft.config.name !== ''
    ? draft.config.name
    : encoderTypeLabel(draft.type);

/**
 * The Encoders tab's list and forms (spec 3 §2.3, §4.1): the table with Name, Encoder Type and Encoder
 * Status, one expanded encoder at a time, Create Encoder and Delete Encoder where the device creates
 * and removes encoders, Revert and Save. Every change stays in the working copy until Save, which
 * sends the whole list; the contract's issues show at their fields.
 */
export function EncodersEditor(props: {
  reported: { version: number; values: EncodersFormValues };
  /** What the device reports of each encoder (status, current bitrate), by id. */
  reportedEntries: ReadonlyMap<string, Record<string, unknown>>;
  context: DeviceConfigContext;
  inputs: readonly InputOption[];
  editable: boolean;
  showActions: boolean;
  saving: boolean;
  savedCount: number;
  savedVersion: number | null;
  onSave: (drafts: EncoderDraft[], targetVersion: number) => void;
}) {
  const { context, editable } = props;
  const { device, entitlements } = context;
  const { form, guard } = useShadowListForm({
    shadow: 'Encoders',
    toSetState: (values: EncodersFormValues) => encodersSetState(values.encoders),
    reported: props.reported,
    validation: context.validation,
    saving: props.saving,
    savedCount: props.savedCount,
    savedVersion: props.savedVersion,
  });
  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: 'encoders',
    keyName: 'fieldKey',
  });
  const drafts = useWatch({ control: form.control, name: 'encoders' }) ?? [];
  const [expanded, setExpanded] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<EncoderRow | null>(null);
  const { errors, isDirty, isValid } = form.formState;
  const dynamic = supportsFeature(device, 'dynamicAddRemove');

  const rows: EncoderRow[] = fields.map((field, index) => ({
    key: field.fieldKey,
    index,
    draft: drafts[index] ?? field,
  }));
  const selected = rows.find((row) => rowId(row.draft) === expanded) ?? null;
  const existingOfType = (type: string): Choice[] =>
    drafts
      .filter((draft) => draft.type === type && !draft.new)
      .map((draft) => ({ value: draft.id, label: nameOf(draft) }));
  const firstCodec = audioCodecChoices(device, entitlements, undefined)[0]?.value;
  const firstInput = props.inputs[0]?.value;
  const newEncoder = useMemo<Omit<NewEncoderContext, 'device'>>(
    () => ({
      firstInputId: typeof firstInput === 'number' ? firstInput : 1,
      audioCodec: String(firstCodec ?? 'mpeg4_aac'),
    }),
    [firstInput, firstCodec],
  );

  const statusOf = (draft: EncoderDraft) =>
    encoderStatusText({
      ...props.reportedEntries.get(rowId(draft)),
      id: draft.new ? false : draft.id,
      new: draft.new === true,
      type: draft.type,
    });

  const columns: DataTableColumn<EncoderRow>[] = [
    {
      id: 'name',
      header: 'Name',
      // The name opens the encoder's form: a button, so that a keyboard reaches it too.
      cell: ({ draft, index }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Link
            component="button"
            type="button"
            aria-expanded={rowId(draft) === expanded}
            onClick={() => setExpanded(rowId(draft) === expanded ? null : rowId(draft))}
          >
            {nameOf(draft)}
          </Link>
          {Boolean(get(errors, `encoders.${index}`)) && (
            <ErrorIcon color="error" fontSize="small" titleAccess="Has errors" />
          )}
        </Stack>
      ),
    },
    { id: 'type', header: 'Encoder Type', cell: ({ draft }) => encoderTypeLabel(draft.type) },
    {
      id: 'status',
      header: 'Encoder Status',
      cell: ({ draft }) => <EncoderStatusChip status={statusOf(draft)} />,
    },
  ];

  const submit = form.handleSubmit((values) => {
    setExpanded(null);
    props.onSave(values.encoders, guard.acceptedVersion);
  });

  return (
    <>
      <form noValidate onSubmit={submit} aria-label="Encoders configuration">
        <Stack spacing={2}>
          <NewerVersionNotice guard={guard} labelOf={encoderFieldLabel} />
          {props.showActions && (
            <ListCreateBar
              label="Create Encoder"
              lockedNote={dynamic ? null : DYNAMIC_ENCODERS_NOTE}
              editable={editable}
              onCreate={() => setCreating(true)}
            />
          )}
          <DataTable
            label="Encoders"
            columns={columns}
            rows={rows}
            rowKey={(row) => row.key}
            emptyText="No encoders on this device"
            paging={{ kind: 'client', pageSizes: ENCODER_PAGE_SIZES }}
            rowProps={(row) => ({ selected: rowId(row.draft) === expanded })}
          />
          {selected && (
            <EncoderSettings
              key={rowId(selected.draft)}
              form={form}
              index={selected.index}
              editable={editable}
              isNew={selected.draft.new === true}
              dynamic={dynamic}
              device={device}
              entitlements={entitlements}
              inputs={props.inputs}
              videoEncoders={existingOfType('video')}
              syncGroups={existingOfType('sync_group')}
              newEncoder={newEncoder}
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
      <CreateEncoderDialog
        open={creating}
        drafts={drafts}
        context={context}
        newEncoder={newEncoder}
        onClose={() => setCreating(false)}
        onCreate={(draft) => {
          append(draft);
          setExpanded(rowId(draft));
        }}
      />
      <ConfirmDeleteDialog
        title="Delete Encoder"
        name={deleting ? nameOf(deleting.draft) : null}
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
