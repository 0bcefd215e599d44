import {
  DEPLOYMENT_STATUS_LABELS,
  DEPLOYMENT_STATUSES,
  METADATA_LABELS,
  METADATA_VALUE_MAX,
  type MetadataEntry,
  type MetadataKey,
  NOT_DEFINED,
} from '@ec/contract/device-metadata';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { CommandDialog } from '../../../components/device-commands/command-dialog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useSaveDeviceMetadata } from '../api/save-device-metadata';
import { type MetadataDraft, metadataChanges, metadataDraft, metadataIssues } from '../logic/metadata-draft';

/** What each editor changes (spec 2 §2.5): the metadata editor, and the note editor on its own. */
const EDITORS = {
  metadata: { title: 'Device Metadata', keys: ['device_alias', 'location', 'deployment_status'] },
  note: { title: 'Device Note', keys: ['note'] },
} as const satisfies Record<string, { title: string; keys: readonly MetadataKey[] }>;

/** The form, mounted while the dialog is open: it starts from the device's metadata each time. */
function MetadataForm(props: {
  kind: keyof typeof EDITORS;
  deviceGuid: string;
  metadata: readonly MetadataEntry[];
  onClose: () => void;
}) {
  const editor = EDITORS[props.kind];
  const [saved] = useState(() => metadataDraft(props.metadata));
  const [draft, setDraft] = useState<MetadataDraft>(saved);
  const save = useSaveDeviceMetadata(props.deviceGuid);
  const issues = metadataIssues(draft, editor.keys);
  const blocked = Object.keys(issues).length > 0;

  const submit = async () => {
    if (blocked || save.isPending) return;
    const changes = metadataChanges(draft, saved, editor.keys);
    if (changes.length > 0) {
      try {
        await save.mutateAsync(changes);
      } catch {
        return; // shown from save.error
      }
    }
    props.onClose();
  };
  const set = (key: MetadataKey) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setDraft({ ...draft, [key]: event.target.value });
  const counted = (key: MetadataKey) => issues[key] ?? `${draft[key].trim().length}/${METADATA_VALUE_MAX}`;

  return (
    <CommandDialog
      open
      onClose={props.onClose}
      title={editor.title}
      width={640}
      onSubmit={() => void submit()}
      actions={
        <>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={blocked} loading={save.isPending}>
            Save
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {props.kind === 'note' ? (
          <TextField
            label={METADATA_LABELS.note}
            value={draft.note}
            onChange={set('note')}
            multiline
            minRows={3}
            fullWidth
            error={Boolean(issues.note)}
            helperText={counted('note')}
          />
        ) : (
          <>
            <TextField
              label={METADATA_LABELS.device_alias}
              value={draft.device_alias}
              onChange={set('device_alias')}
              fullWidth
              error={Boolean(issues.device_alias)}
              helperText={counted('device_alias')}
            />
            <TextField
              label={METADATA_LABELS.location}
              value={draft.location}
              onChange={set('location')}
              fullWidth
              error={Boolean(issues.location)}
              helperText={counted('location')}
            />
            <TextField
              select
              label={METADATA_LABELS.deployment_status}
              value={draft.deployment_status}
              onChange={set('deployment_status')}
              fullWidth
            >
              <MenuItem value="">{NOT_DEFINED}</MenuItem>
              {DEPLOYMENT_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {DEPLOYMENT_STATUS_LABELS[status]}
                </MenuItem>
              ))}
            </TextField>
          </>
        )}
        <ErrorAlert error={save.error} />
      </Stack>
    </CommandDialog>
  );
}

/**
 * The device metadata editor and the device note editor (640 px, spec 2 §2.5, §4.8): at most 200
 * characters a value ('Description must be 200 characters or less' for the note, and no save), the
 * header shows the answer at once and the metadata is read again 500 ms after the save.
 */
export function MetadataDialog(props: {
  kind: keyof typeof EDITORS;
  deviceGuid: string;
  metadata: readonly MetadataEntry[];
  open: boolean;
  onClose: () => void;
}) {
  if (!props.open) return null;
  return (
    <MetadataForm
      kind={props.kind}
      deviceGuid={props.deviceGuid}
      metadata={props.metadata}
      onClose={props.onClose}
    />
  );
}
