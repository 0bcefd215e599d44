import { deviceCommandRefusal } from '@ec/contract/device-command-rules';
import {
  canCloudAgentSelfUpdate,
  canReinstallCloudAgent,
  canStartUpdate,
  DEVELOPMENT_BUILD_MESSAGE,
  DEVICE_STATE_UNKNOWN,
  firmwareLabel,
  isDevelopmentBuild,
  isDeviceUpdating,
  moduleUpdate,
  NO_SELF_UPDATE_MESSAGE,
  OFFLINE_UPDATE_MESSAGE,
  SYSTEM_REBOOTING,
  SYSTEM_UPDATE_STATUS,
  systemUpdateAction,
  updatesAvailable,
} from '@ec/contract/device-updates';
import type { Device, DeviceState } from '@ec/contract/devices';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { InfoGrid, InfoGridSkeleton } from '../../../components/ui/info-grid';
import { RequestError } from '../../../components/ui/request-error';
import { SectionCard } from '../../../components/ui/section-card';
import { useDevice } from '../../../lib/devices/get-device';
import { useDeviceState } from '../../../lib/devices/get-device-state';
import { useInFlightUpdates } from '../hooks/use-device-updating';
import { useUpdateCommand } from '../hooks/use-update-command';
import { UpdateStatusAlert } from './update-status-alert';

/** Until the device's answer is in the cache, nothing is granted. */
const NO_RIGHTS = { control: false, edit: false, admin: false };

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={1.5} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

const Actions = ({ children }: { children: ReactNode }) => (
  <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
    {children}
  </Stack>
);

/**
 * The Updates section of the Info tab (spec 2 §4.6): the firmware and the cloud agent with the versions
 * they may update to, the spec's messages, and the update actions: Update Firmware (Edgecaster), the
 * system update's Download system, progress, Apply system update & reboot and Check for Update
 * (Edgecaster Max), Update Cloud Agent and, for device admins, its re-install. Every action needs edit
 * rights, an online device and no update in progress.
 */
export function UpdatesSection({ device }: { device: Device }) {
  const guid = device.device_guid;
  const rights = useDevice(guid).data?.rights ?? NO_RIGHTS;
  const state = useDeviceState(guid);
  const inFlight = useInFlightUpdates(guid);
  const update = useUpdateCommand(guid);
  const product = device.product_name;
  const updates = device.updates_available ?? updatesAvailable(device);
  const updating = isDeviceUpdating({ product, state: state.data, inFlight });
  const enabled = canStartUpdate({ rights, online: device.online, updating }) && !update.processing;
  // The updaters need a cloud agent of 1.5.0 or newer (spec 2 §5); the rights are judged above.
  const tooOld = deviceCommandRefusal({
    command: 'download_update',
    rights: { ...rights, admin: true },
    entitlements: {},
    cloudVersion: device.cloud_version,
    featureLabel: (feature) => feature,
  });

  return (
    <SectionCard title="Updates" label="Updates" titleVariant="h3">
      {state.isPending ? (
        <InfoGridSkeleton label="Loading updates" count={4} />
      ) : (
        <Stack spacing={3}>
          <RequestError error={state.error} onRetry={state.refetch} />
          <UpdateStatusAlert progress={update.progress} command={update.command} product={product} />
          <Part title="Firmware">
            <InfoGrid
              items={[
                { label: 'Current Version', value: device.firmware_version },
                { label: 'Available Version', value: updates.device ?? 'Up to date' },
              ]}
            />
            {isDevelopmentBuild(device.firmware_version) && (
              <Alert severity="warning">{DEVELOPMENT_BUILD_MESSAGE}</Alert>
            )}
            {updates.device && !device.online && (
              <Alert severity="info">{OFFLINE_UPDATE_MESSAGE(updates.device)}</Alert>
            )}
            {state.isSuccess && state.data === null && <Alert severity="info">{DEVICE_STATE_UNKNOWN}</Alert>}
            {tooOld && <Alert severity="warning">{tooOld.message}</Alert>}
            {state.isSuccess && state.data && !tooOld && (
              <FirmwareActions
                device={device}
                state={state.data}
                inFlight={inFlight}
                available={updates.device}
                enabled={enabled}
                applySent={update.command === 'apply_update' && update.progress?.status === 'complete'}
                send={update.send}
              />
            )}
          </Part>
          <Part title="Cloud Agent">
            <InfoGrid
              items={[
                { label: 'Current Version', value: device.cloud_version },
                { label: 'Available Version', value: updates.cloud ?? 'Up to date' },
              ]}
            />
            <CloudAgentMessages device={device} available={updates.cloud} />
            <Actions>
              {updates.cloud && canCloudAgentSelfUpdate(device.cloud_version) && (
                <Button
                  variant="contained"
                  disabled={!enabled}
                  onClick={() => update.send({ command: 'update_cloud' })}
                >
                  Update Cloud Agent
                </Button>
              )}
              {!updates.cloud && canReinstallCloudAgent({ rights, product }) && (
                <Button
                  variant="outlined"
                  disabled={!enabled}
                  onClick={() => update.send({ command: 'update_cloud' })}
                >
                  Re-install Cloud Agent
                </Button>
              )}
            </Actions>
          </Part>
        </Stack>
      )}
    </SectionCard>
  );
}

function CloudAgentMessages({ device, available }: { device: Device; available: string | null }) {
  return (
    <>
      {isDevelopmentBuild(device.cloud_version) && (
        <Alert severity="warning">{DEVELOPMENT_BUILD_MESSAGE}</Alert>
      )}
      {available && !device.online && <Alert severity="info">{OFFLINE_UPDATE_MESSAGE(available)}</Alert>}
      {available && device.online && !canCloudAgentSelfUpdate(device.cloud_version) && (
        <Alert severity="warning">{NO_SELF_UPDATE_MESSAGE(available)}</Alert>
      )}
    </>
  );
}

type Send = ReturnType<typeof useUpdateCommand>['send'];

function FirmwareActions(props: {
  device: Device;
  state: DeviceState;
  inFlight: readonly string[];
  available: string | null;
  enabled: boolean;
  /** An apply the device accepted and completed: it reboots now. */
  applySent: boolean;
  send: Send;
}) {
  const { device, state, enabled, send } = props;
  const product = device.product_name;
  if (product === 'edgecaster') {
    const label = firmwareLabel({
      product,
      state,
      inFlight: props.inFlight,
      firmwareVersion: device.firmware_version,
      online: device.online,
      updates: { cloud: null, device: props.available },
    });
    if (label.kind === 'reboot')
      return (
        <Alert severity="info">
          The update is downloaded. Reboot the device (Commands, Reboot) to install it.
        </Alert>
      );
    if (!props.available) return null;
    return (
      <Actions>
        <Button variant="contained" disabled={!enabled} onClick={() => send({ command: 'download_update' })}>
          Update Firmware
        </Button>
      </Actions>
    );
  }

  const system = moduleUpdate(product, state);
  const applying =
    system?.status !== SYSTEM_UPDATE_STATUS.downloading && isDeviceUpdating({ product, state, inFlight: [] });
  if (applying || (props.applySent && !device.online))
    return (
      <Alert severity="info" role="status">
        {SYSTEM_REBOOTING}
      </Alert>
    );
  const action = systemUpdateAction(state);
  switch (action.kind) {
    case 'download':
      return (
        <Actions>
          <Button
            variant="contained"
            disabled={!enabled}
            onClick={() => send({ command: 'download_update' })}
          >
            Download system
          </Button>
        </Actions>
      );
    case 'downloading':
      return (
        <Box>
          <Typography variant="body2" id="system-download-label">
            Downloading the system update: {action.percent} %
          </Typography>
          <LinearProgress
            variant="determinate"
            value={action.percent}
            aria-labelledby="system-download-label"
            sx={{ mt: 1 }}
          />
        </Box>
      );
    case 'apply':
      return (
        <Actions>
          <Button variant="contained" disabled={!enabled} onClick={() => send({ command: 'apply_update' })}>
            Apply system update &amp; reboot
          </Button>
        </Actions>
      );
    case 'check':
      return (
        <Actions>
          <Button
            variant="outlined"
            disabled={!enabled}
            onClick={() => send({ command: 'check_for_update' })}
          >
            Check for Update
          </Button>
        </Actions>
      );
    case 'status':
      return (
        <Actions>
          <Button variant="outlined" disabled>
            {action.text}
          </Button>
        </Actions>
      );
    default:
      return <Alert severity="info">{action.text}</Alert>;
  }
}
