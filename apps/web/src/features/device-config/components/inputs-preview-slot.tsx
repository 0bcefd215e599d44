import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DeviceConfigContext } from '../hooks/use-device-config-context';
import { useConfigSlots } from './config-slots';

/**
 * The place of an input's live preview (spec 3 §2.2), in the 16:9 shape the picture takes, so the
 * form does not move when it arrives. A new input, not saved yet, has none.
 */
export function InputPreviewSlot(props: {
  context: DeviceConfigContext;
  inputName: string;
  /** The input's id on the device; undefined for a new input. */
  inputId?: unknown;
}) {
  const { InputPreview } = useConfigSlots();
  if (typeof props.inputId === 'number')
    return InputPreview ? (
      <InputPreview device={props.context.device} inputName={props.inputName} inputId={props.inputId} />
    ) : null;
  return (
    <Box
      role="img"
      aria-label={`Preview of ${props.inputName}`}
      sx={{
        aspectRatio: '16 / 9',
        width: '100%',
        maxWidth: 480,
        bgcolor: 'action.hover',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        textAlign: 'center',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        The preview shows once the input is saved.
      </Typography>
    </Box>
  );
}
