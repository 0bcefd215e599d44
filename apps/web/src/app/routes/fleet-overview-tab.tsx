import type { Fleet } from '@ec/contract/fleets';
import Stack from '@mui/material/Stack';
import { RequestError } from '../../components/ui/request-error';
import { SectionCard } from '../../components/ui/section-card';
import { BulkActions } from '../../features/bulk-actions/components/bulk-actions';
import { DeviceSelectorDialog } from '../../features/bulk-actions/components/device-selector-dialog';
import { DeviceStatusList } from '../../features/dashboard/components/device-status-list';
import { DeviceStatusTiles } from '../../features/dashboard/components/device-status-tiles';
import { EventsTable } from '../../features/events/components/events-table';
import { FleetDevices } from '../../features/fleets/components/fleet-devices';
import { useFleetStatus } from '../../lib/fleets/get-fleet-status';

/** Spec 2 §2.6: the overview's 'Recent Fleet Events' reach back 5 days. */
const RECENT_FLEET_EVENTS = { key: '5days' } as const;

/** The fleet's bulk actions: those of the device list without Forget (a fleet does not forget devices). */
function FleetBulkActions(props: {
  devices: Parameters<typeof BulkActions>[0]['devices'];
  canEdit: boolean;
}) {
  return (
    <BulkActions {...props} deniedText="Only users who may control this fleet's devices can act on them" />
  );
}

/**
 * The fleet's Overview tab (spec 2 §2.6): status tiles (refreshed live and every 30 s), the fleet's
 * devices with Add Devices and the bulk actions (output control, firmware update, reboot; installing a
 * container waits for the container directory, issue 27), and 'Recent Fleet Events' of the last 5 days.
 */
export function FleetOverviewTab({ fleet }: { fleet: Fleet }) {
  const status = useFleetStatus(fleet.fleet_guid);
  const s = status.data;
  const alerting = [...new Set(s?.alerts.map((alert) => alert.device_guid) ?? [])];
  return (
    <Stack spacing={3}>
      <RequestError error={status.error} onRetry={status.refetch} />
      <DeviceStatusTiles
        status={s}
        loading={status.isLoading}
        alertsList={() => <DeviceStatusList label="Devices with alerts" deviceGuids={alerting} />}
      />
      <SectionCard titleVariant="h5" title="Devices">
        <FleetDevices fleet={fleet} DeviceSelector={DeviceSelectorDialog} BulkActions={FleetBulkActions} />
      </SectionCard>
      <SectionCard titleVariant="h5" title="Recent Fleet Events">
        <EventsTable
          source={{ fleetGuid: fleet.fleet_guid }}
          period={RECENT_FLEET_EVENTS}
          label="Recent Fleet Events"
        />
      </SectionCard>
    </Stack>
  );
}
