import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { audioDetectedText, VideoFormatChip } from '../../../components/shadows/inputs-signal';
import { InfoGrid } from '../../../components/ui/info-grid';
import { EntryIssue } from './config-fields';
import { InputFields, type InputFieldsProps } from './inputs-fields';
import { InputPreviewSlot } from './inputs-preview-slot';

/**
 * The expanded input (spec 3 §2.2): the issues of the whole entry (the licensed input count), what
 * the device reports of its source, the place of its preview, its fields and Delete Input.
 */
export function InputSettings(
  props: InputFieldsProps & {
    /** What the device reports of this input (video format, audio detected); empty for a new one. */
    reportedEntry: Record<string, unknown> | undefined;
    canDelete: boolean;
    onDelete: () => void;
  },
) {
  const { form, index, isNew } = props;
  const headingId = useId();
  const name = useWatch({ control: form.control, name: `inputs.${index}.config.name` });
  const channel = useWatch({ control: form.control, name: `inputs.${index}.hw_channel` });
  const title = typeof name === 'string' && name !== '' ? name : `Input ${index + 1}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography id={headingId} variant="h4" component="h2">
          {title} settings
        </Typography>
        <EntryIssue form={form} name={`inputs.${index}`} />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <InputPreviewSlot context={props.context} inputName={title} inputId={props.reportedEntry?.id} />
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
        {props.canDelete && (
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button color="error" disabled={!props.editable} onClick={props.onDelete}>
              Delete Input
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
