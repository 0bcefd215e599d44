import type { DeviceRights } from '@ec/contract/access';
import type { Device } from '@ec/contract/devices';
import { isEntitled } from '@ec/contract/entitlements/entitlement-gates';
import { supportsFeature } from '@ec/contract/version-gates';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { PageSkeleton } from '../../../components/ui/page-skeleton';
import { RequestError } from '../../../components/ui/request-error';
import { useDeviceEntitlements } from '../../../lib/entitlements/get-device-entitlements';
import { useDockerContainers } from '../api/get-docker-containers';
import { useDockerImages } from '../api/get-docker-images';
import { type ContainersBlock, type ContainersView, containersBlock } from '../logic/containers-tab-state';
import { AdvancedView } from './advanced-view';
import { StandardView } from './standard-view';

const BLOCK_TEXT: Record<ContainersBlock, string> = {
  'Not Licensed': 'This device has no Docker license.',
  'Device Offline': 'Containers can be managed once the device is online again.',
  'Not Supported': 'Advanced container management needs cloud agent V1.0.0b34 or later.',
  'Unsupported Version':
    'Container management needs cloud agent v1.18.1 or later. Please update your cloud agent.',
};

/**
 * The device page's Containers tab (spec 3 §2.7): Not Licensed, Device Offline, Not Supported or
 * Unsupported Version, else the Standard or Advanced view. Editing needs the device online and the
 * person's edit rights (§6).
 */
export function ContainersTab(props: { device: Device; rights: DeviceRights }) {
  const { device, rights } = props;
  const deviceGuid = device.device_guid;
  const entitlements = useDeviceEntitlements(deviceGuid);
  const [view, setView] = useState<ContainersView>('standard');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const properties = entitlements.data?.properties ?? {};
  const block = entitlements.isSuccess ? containersBlock({ device, entitlements: properties, view }) : null;
  const ready = entitlements.isSuccess && !block;
  const containers = useDockerContainers(deviceGuid, ready);
  const images = useDockerImages(deviceGuid, ready && view === 'advanced');

  if (entitlements.isPending) return <PageSkeleton label="Loading containers" boxes={2} />;
  if (entitlements.isError) return <RequestError error={entitlements.error} onRetry={entitlements.refetch} />;
  const editable = rights.edit && device.online;
  const logsSupported = supportsFeature(device, 'dockerLogs');
  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        onChange={(_, next: ContainersView | null) => next && setView(next)}
        aria-label="Containers view"
      >
        <ToggleButton value="standard">Standard</ToggleButton>
        <ToggleButton value="advanced">Advanced</ToggleButton>
      </ToggleButtonGroup>
      {block ? (
        <Alert severity={block === 'Device Offline' ? 'warning' : 'info'}>
          <AlertTitle>{block}</AlertTitle>
          {BLOCK_TEXT[block]}
        </Alert>
      ) : view === 'standard' ? (
        <StandardView
          deviceGuid={deviceGuid}
          product={device.product_name}
          entitlements={properties}
          containers={containers}
          editable={editable}
          logsSupported={logsSupported}
          selectedId={selectedId}
          onSelect={setSelectedId}
        />
      ) : (
        <AdvancedView
          deviceGuid={deviceGuid}
          containers={containers}
          images={images}
          editable={editable}
          privilegedAllowed={rights.admin || isEntitled(properties, 'services.docker.privileged')}
          logsSupported={logsSupported}
          selectedId={selectedId}
          onSelect={setSelectedId}
        />
      )}
    </Stack>
  );
}
