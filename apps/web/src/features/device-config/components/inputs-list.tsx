import { dynamicAddRemoveLockedMessage, supportsFeature } from '@ec/contract/version-gates';
import ErrorIcon from '@mui/icons-material/Error';
import type { DeviceConfigContext } from '../hooks/use-device-config-context';
import { type ListFormValues, useShadowListForm } from '../hooks/use-shadow-list-form';
import { type InputDraft, inputsSetState } from '../logic/inputs-drafts';
import { inputFieldLabel } from '../logic/inputs-labels';
import { CreateInputDialog } from './inputs-create-dialog';
import { InputSettings } from './inputs-settings';
import { audioDetectedText, VideoFormatChip } from './inputs-signal';
import { NewerVersionNotice } from './newer-version-notice';
import { type ListRow, ShadowListEditor } from './shadow-list-editor';

const DYNAMIC_INPUTS_NOTE = dynamicAddRemoveLockedMessage('inputs');

const nameOf = ({ entry, index }: ListRow<InputDraft>) =>
  typeof entry.config.name === 'string' && entry.config.name !== ''
    ? entry.config.name
    : `Input ${index + 1}`;

/**
 * The Inputs list (spec 3 §2.2, §4.1): Name, Hardware Channel, Video Format and Audio; the open input's
 * preview and fields; Create Input and Delete Input where the device creates and removes inputs.
 */
export function InputsList(props: {
  reported: { version: number; values: ListFormValues<'inputs', InputDraft> };
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
  const { form, guard, entries, model } = useShadowListForm({
    ...props,
    shadow: 'Inputs',
    list: 'inputs',
    toSetState: inputsSetState,
    validation: context.validation,
  });
  const dynamic = supportsFeature(context.device, 'dynamicAddRemove');
  const reportedOf = (draft: InputDraft) =>
    draft.new ? undefined : props.reportedEntries.get(String(draft.id));

  return (
    <ShadowListEditor
      noun="Input"
      tableLabel="Inputs"
      formLabel="Inputs configuration"
      emptyText="No inputs on this device"
      model={model}
      notice={<NewerVersionNotice guard={guard} labelOf={inputFieldLabel} />}
      lockedNote={dynamic ? null : DYNAMIC_INPUTS_NOTE}
      nameOf={nameOf}
      nameBadges={(_row, hasIssue) =>
        hasIssue && <ErrorIcon color="error" fontSize="small" titleAccess="Has errors" />
      }
      columns={[
        {
          id: 'channel',
          header: 'Hardware Channel',
          cell: ({ entry }) => (entry.hw_channel === undefined ? '—' : String(entry.hw_channel)),
        },
        {
          id: 'format',
          header: 'Video Format',
          cell: ({ entry }) => (
            <VideoFormatChip format={reportedOf(entry)?.video_input_format} isNew={entry.new === true} />
          ),
        },
        {
          id: 'audio',
          header: 'Audio',
          cell: ({ entry }) => audioDetectedText(reportedOf(entry)?.audio_input_detected, entry.new === true),
        },
      ]}
      settingsTitle={(row) => `${nameOf(row)} settings`}
      settings={(row) => (
        <InputSettings
          form={form}
          index={row.index}
          title={nameOf(row)}
          editable={editable}
          isNew={row.entry.new === true}
          context={context}
          reportedEntry={reportedOf(row.entry)}
        />
      )}
      canDelete={(row) => dynamic || row.entry.new === true}
      createDialog={(dialog) => <CreateInputDialog {...dialog} drafts={entries} context={context} />}
      editable={editable}
      showActions={props.showActions}
      saving={props.saving}
    />
  );
}
