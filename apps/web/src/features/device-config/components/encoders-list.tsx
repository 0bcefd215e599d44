import { encoderStatusText } from '@ec/contract/shadow-documents/encoders';
import { useMemo } from 'react';
import { ShadowListEditor } from '../../../components/list-editor/shadow-list-editor';
import { EncoderStatusChip } from '../../../components/shadows/encoders-status-chip';
import type { Choice } from '../../../lib/shadows/choices';
import {
  audioCodecChoices,
  encoderFieldLabel,
  encoderTypeLabel,
} from '../../../lib/shadows/encoders-choices';
import {
  type EncoderDraft,
  encodersSetState,
  type NewEncoderContext,
} from '../../../lib/shadows/encoders-drafts';
import type { InputOption } from '../../../lib/shadows/inputs-drafts';
import { type ShadowListFormProps, useShadowListForm } from '../hooks/use-shadow-list-form';
import { CreateEncoderDialog } from './encoders-create-dialog';
import { EncoderSettings } from './encoders-settings';

const nameOf = (draft: EncoderDraft) =>
  typeof draft.config.name === 'string' && draft.config.name !== ''
    ? draft.config.name
    : encoderTypeLabel(draft.type);

/**
 * The Encoders list (spec 3 §2.3, §4.1): Name, Encoder Type and Encoder Status; the open encoder's
 * fields by its type; Create Encoder and Delete Encoder where the device creates and removes encoders.
 */
export function EncodersList(
  props: ShadowListFormProps<'encoders', EncoderDraft> & { inputs: readonly InputOption[] },
) {
  const { context, editable } = props;
  const { device, entitlements } = context;
  const { form, entries, dynamic, editorProps } = useShadowListForm<'encoders', EncoderDraft>({
    ...props,
    shadow: 'Encoders',
    list: 'encoders',
    toSetState: encodersSetState,
    labelOf: encoderFieldLabel,
  });
  const existingOfType = (type: string): Choice[] =>
    entries
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
      ...props.reportedEntries.get(String(draft.id)),
      id: draft.new ? false : draft.id,
      new: draft.new === true,
      type: draft.type,
    });

  return (
    <ShadowListEditor
      {...editorProps}
      noun="Encoder"
      emptyText="No encoders on this device"
      nameOf={({ entry }) => nameOf(entry)}
      columns={[
        { id: 'type', header: 'Encoder Type', cell: ({ entry }) => encoderTypeLabel(entry.type) },
        {
          id: 'status',
          header: 'Encoder Status',
          cell: ({ entry }) => <EncoderStatusChip status={statusOf(entry)} />,
        },
      ]}
      settingsTitle={({ entry }) => `${nameOf(entry)} settings`}
      settings={({ entry, index }) => (
        <EncoderSettings
          form={form}
          index={index}
          draft={entry}
          newEncoder={newEncoder}
          context={{
            device,
            entitlements,
            inputs: props.inputs,
            videoEncoders: existingOfType('video'),
            syncGroups: existingOfType('sync_group'),
            isNew: entry.new === true,
            dynamic,
            editable,
          }}
        />
      )}
      canDelete={({ entry }) => dynamic || entry.new === true}
      createDialog={(dialog) => (
        <CreateEncoderDialog {...dialog} drafts={entries} context={context} newEncoder={newEncoder} />
      )}
    />
  );
}
