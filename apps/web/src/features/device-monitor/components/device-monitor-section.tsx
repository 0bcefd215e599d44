import type { Device } from '@ec/contract/devices';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { RequestError } from '../../../components/ui/request-error';
import { SectionCard } from '../../../components/ui/section-card';
import { useDeviceAlerts } from '../../../lib/alerts/get-device-alerts';
import { useDeviceState } from '../../../lib/devices/get-device-state';
import { useShadow } from '../../../lib/shadows/get-shadow';
import {
  encoderRows,
  inputRows,
  missingShadows,
  monitorCompleteness,
  outputRows,
  reportedState,
} from '../logic/monitor-rows';
import { FirmwareVersions } from './firmware-versions';
import { LicenseLabel } from './license-label';
import { MonitorTables } from './monitor-tables';
import { ProcessorsLabel } from './processors-label';
import { ProductLabel } from './product-label';
import { StreamingStatus } from './streaming-status';

export const NO_STATE_MESSAGE = 'This device has no state';
export const INCOMPLETE_STATE_MESSAGE = 'incomplete state';

/**
 * The Info tab's monitor view (spec 2 §2.5, §2.13): the device's status labels (product, streaming
 * status, processors, firmware versions, entitlements), then its inputs, encoders and outputs as it
 * reports them; 'This device has no state' or 'incomplete state' when it cannot tell.
 */
export function DeviceMonitorSection({ device }: { device: Device }) {
  const state = useDeviceState(device.device_guid);
  const shadows = {
    Inputs: useShadow(device.device_guid, 'Inputs'),
    Encoders: useShadow(device.device_guid, 'Encoders'),
    Outputs: useShadow(device.device_guid, 'Outputs'),
  };
  const alerts = useDeviceAlerts(device.device_guid).data;

  const loaded = state.isSuccess && Object.values(shadows).every((query) => query.isSuccess);
  const reported = {
    Inputs: shadows.Inputs.data ?? null,
    Encoders: shadows.Encoders.data ?? null,
    Outputs: shadows.Outputs.data ?? null,
  };
  const completeness = loaded ? monitorCompleteness(state.data !== null, reported) : null;
  const missing = missingShadows(reported);
  const configurationState =
    completeness === null
      ? 'Loading'
      : completeness === 'no-state'
        ? 'No state'
        : completeness === 'incomplete'
          ? `Incomplete: ${missing.join(', ')} not reported`
          : 'Complete';

  return (
    <SectionCard title="Monitor" titleVariant="h3">
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        aria-label="Device status"
        role="group"
      >
        <ProductLabel product={device.product_name} />
        <StreamingStatus
          device={device}
          state={state.data ?? null}
          stateError={state.isError}
          alerts={alerts}
          configurationState={configurationState}
        />
        <ProcessorsLabel product={device.product_name} state={state.data ?? null} />
        <FirmwareVersions device={device} state={state.data ?? null} />
        <LicenseLabel deviceGuid={device.device_guid} product={device.product_name} />
      </Stack>
      <RequestError error={state.error} onRetry={state.refetch} />
      {completeness === 'no-state' && <Alert severity="info">{NO_STATE_MESSAGE}</Alert>}
      {completeness === 'incomplete' && (
        <Alert severity="warning">
          {INCOMPLETE_STATE_MESSAGE}: {missing.join(', ')} not reported by the device
        </Alert>
      )}
      {completeness !== 'no-state' && (
        <MonitorTables
          inputs={{ rows: inputRows(reportedState(reported.Inputs)), query: shadows.Inputs }}
          encoders={{ rows: encoderRows(reportedState(reported.Encoders)), query: shadows.Encoders }}
          outputs={{ rows: outputRows(reportedState(reported.Outputs)), query: shadows.Outputs }}
        />
      )}
    </SectionCard>
  );
}
