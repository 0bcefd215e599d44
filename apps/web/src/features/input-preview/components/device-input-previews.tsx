import type { Device } from '@ec/contract/devices';
import { FORMAT_UNDEFINED } from '@ec/contract/shadow-documents/inputs';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RequestError } from '../../../components/ui/request-error';
import { useDevice } from '../../../lib/devices/get-device';
import { useDeviceEntitlements } from '../../../lib/entitlements/get-device-entitlements';
import { useShadow } from '../../../lib/shadows/get-shadow';
import { useInputPreview } from '../hooks/use-input-preview';
import { previewUnavailable } from '../logic/preview-availability';
import { InputPreviewTile } from './input-preview-tile';

interface ReportedInput {
  id: number;
  name: string;
  noSignal: boolean;
}

/** The inputs of the reported Inputs document, by id, name and whether a source is connected. */
export function reportedInputs(state: Record<string, unknown> | undefined): ReportedInput[] {
  const entries = Array.isArray(state?.inputs) ? (state.inputs as Record<string, unknown>[]) : [];
  return entries.flatMap((entry, index) => {
    if (typeof entry.id !== 'number') return [];
    const config = (entry.config ?? {}) as { name?: unknown };
    const name = typeof config.name === 'string' && config.name ? config.name : `Input ${index + 1}`;
    const format = entry.video_input_format;
    return [{ id: entry.id, name, noSignal: !format || format === FORMAT_UNDEFINED }];
  });
}

/** Whether the person may see previews of the device now, or why not; null while that is loading. */
export function usePreviewAvailability(device: Device) {
  const detail = useDevice(device.device_guid);
  const entitlements = useDeviceEntitlements(device.device_guid);
  const rights = detail.data?.rights;
  const properties = entitlements.data?.properties;
  if (!rights || !properties) return undefined;
  return previewUnavailable({ device: detail.data?.device ?? device, rights, entitlements: properties });
}

/** The Info tab's live previews of every input of the device (spec 2 §2.5, §4.8). */
export function DeviceInputPreviews({ device }: { device: Device }) {
  const unavailable = usePreviewAvailability(device);
  const inputs = useShadow(device.device_guid, 'Inputs');
  const preview = useInputPreview(device.device_guid, unavailable === undefined ? 'Loading...' : unavailable);
  if (inputs.isPending || unavailable === undefined)
    return (
      <Skeleton
        variant="rounded"
        width="100%"
        height={200}
        sx={{ maxWidth: 480 }}
        role="progressbar"
        aria-label="Loading input previews"
      />
    );
  if (inputs.error) return <RequestError error={inputs.error} onRetry={inputs.refetch} />;
  const list = reportedInputs(inputs.data?.reported?.state ?? undefined);
  if (list.length === 0) return <Alert severity="info">This device has no inputs</Alert>;
  return (
    <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
      {list.map((input) => (
        <Stack key={input.id} spacing={1} sx={{ flex: '1 1 280px', maxWidth: 480 }}>
          <Typography variant="subtitle2" component="h3">
            {input.name}
          </Typography>
          <InputPreviewTile
            inputName={input.name}
            frame={preview.frames.get(input.id)}
            status={preview.status}
            noSignal={input.noSignal}
          />
        </Stack>
      ))}
    </Stack>
  );
}
