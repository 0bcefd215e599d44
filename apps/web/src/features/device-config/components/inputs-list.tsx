import { type ListRow, ShadowListEditor } from '../../../components/list-editor/shadow-list-editor';
import { audioDetectedText, VideoFormatChip } from '../../../components/shadows/inputs-signal';
import { type InputDraft, inputsSetState } from '../../../lib/shadows/inputs-drafts';
import { inputFieldLabel } from '../../../lib/shadows/inputs-labels';
import { type ShadowListFormProps, useShadowListForm } from '../hooks/use-shadow-list-form';
import { CreateInputDialog } from './inputs-create-dialog';
import { InputSettings } from './inputs-settings';

const nameOf = ({ entry, index }: ListRow<InputDraft>) =>
  typeof entry.config.name === 'string' && entry.config.name !== ''
    ? entry.config.name
    : `Input ${index + 1}`;

/**
 * The Inputs list (spec 3 §2.2, §4.1): Name, Hardware Channel, Video Format and Audio; the open input's
 * preview and fields; Create Input and Delete Input where the device creates and removes inputs.
 */
export function InputsList(props: ShadowListFormProps<'inputs', InputDraft>) {
  const { context, editable } = props;
  const { form, entries, dynamic, editorProps } = useShadowListForm<'inputs', InputDraft>({
    ...props,
    shadow: 'Inputs',
    list: 'inputs',
    toSetState: inputsSetState,
    labelOf: inputFieldLabel,
  });
  const reportedOf = (draft: InputDraft) =>
    draft.new ? undefined : props.reportedEntries.get(String(draft.id));

  return (
    <ShadowListEditor
      {...editorProps}
      noun="Input"
      emptyText="No inputs on this device"
      nameOf={nameOf}
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
    />
  );
}
