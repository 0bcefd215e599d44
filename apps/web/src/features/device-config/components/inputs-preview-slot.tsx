import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { usePreviewAvailability } from '../../input-preview/components/device-input-previews';
import { InputPreviewTile } from '../../input-preview/components/input-preview-tile';
import { useInputPreview } from '../../input-preview/hooks/use-input-preview';
import type { DeviceConfigContext } from '../hooks/use-device-config-context';

/** The live preview of a saved input (spec 3 §2.2, spec 2 §4.8). */
function SavedInputPreview(props: { context: DeviceConfigContext; inputName: string; inputId: number }) {
  const unavailable = usePreviewAvailability(props.context.device);
  const preview = useInputPreview(
    props.context.device.device_guid,
    unavailable === undefined ? 'Loading...' : unavailable,
  );
  if (unavailable === undefined)
    return (
      <Skeleton
        variant="rounded"
        aria-label={`Loading the preview of ${props.inputName}`}
        sx={{ width: '100%', maxWidth: 480, height: 'auto', aspectRatio: '16 / 9' }}
      />
    );
  return (
    <InputPreviewTile
      inputName={props.inputName}
      frame={preview.frames.get(props.inputId)}
      status={preview.status}
    />
  );
}

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
  if (typeof props.inputId === 'number')
    return <SavedInputPreview context={props.context} inputName={props.inputName} inputId={props.inputId} />;
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
