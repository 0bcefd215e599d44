import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import { audioDetectedText, VideoFormatChip } from '../../../components/shadows/inputs-signal';
import { InfoGrid } from '../../../components/ui/info-grid';
import { EntryIssue } from './config-fields';
import { InputFields, type InputFieldsProps } from './inputs-fields';
import { InputPreviewSlot } from './inputs-preview-slot';

/**
 * The open input's settings (spec 3 §2.2): the issues of the whole entry (the licensed input count),
 * what the device reports of its source, the place of its preview, and its fields.
 */
export function InputSettings(
  props: InputFieldsProps & {
    /** The input's name as its heading says it. */
    title: string;
    /** What the device reports of this input (video format, audio detected); empty for a new one. */
    reportedEntry: Record<string, unknown> | undefined;
  },
) {
  const { form, index, isNew } = props;
  const channel = useWatch({ control: form.control, name: `inputs.${index}.hw_channel` });
  return (
    <>
      <EntryIssue form={form} name={`inputs.${index}`} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <InputPreviewSlot context={props.context} inputName={props.title} inputId={props.reportedEntry?.id} />
        <InfoGrid
          items={[
            { label: 'Hardware Channel', value: channel === undefined ? '—' : String(channel) },
            {
              label: 'Video Format',
              value: <VideoFormatChip format={props.reportedEntry?.video_input_format} isNew={isNew} />,
            },
            { label: 'Audio', value: audioDetectedText(props.reportedEntry?.audio_input_detected, isNew) },
          ]}
        />
      </Stack>
      <InputFields {...props} />
    </>
  );
}
