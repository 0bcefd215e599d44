import type { Device } from '@ec/contract/devices';
import Skeleton from '@mui/material/Skeleton';
import { useInputPreview } from '../hooks/use-input-preview';
import { usePreviewAvailability } from './device-input-previews';
import { InputPreviewTile } from './input-preview-tile';

/** The live preview of an input the device has, in its configuration form (spec 3 §2.2, spec 2 §4.8). */
export function SavedInputPreview(props: { device: Device; inputName: string; inputId: number }) {
  const unavailable = usePreviewAvailability(props.device);
  const preview = useInputPreview(
    props.device.device_guid,
    unavailable === undefined ? 'Loading...' : unavailable,
  );
  if (unavailable === undefined)
    return (
      <Skeleton
        variant="rounded"
        role="progressbar"
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
