import { NOT_CREATED } from '@ec/contract/shadow-documents/encoders';
import Chip from '@mui/material/Chip';
import { videoFormatText } from '../../lib/shadows/inputs-labels';

/**
 * What an input reports of its source (spec 2 §4.3, spec 3 §3.2): the video format, FORMAT_UNDEFINED
 * as an error; Not Created for an input the device does not have yet.
 */
export function VideoFormatChip(props: { format: unknown; isNew: boolean }) {
  if (props.isNew) return <Chip size="small" variant="outlined" label={NOT_CREATED} />;
  const { text, error } = videoFormatText(props.format);
  return (
    <Chip
      size="small"
      color={error ? 'error' : 'default'}
      variant={error ? 'filled' : 'outlined'}
      label={text}
    />
  );
}

/** Whether the input hears audio (audio_input_detected). */
export const audioDetectedText = (detected: unknown, isNew: boolean) =>
  isNew ? '—' : detected === true ? 'Detected' : 'Not Detected';
