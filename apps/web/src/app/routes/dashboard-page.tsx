import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RequestError } from '../../components/ui/request-error';
import { SectionCard } from '../../components/ui/section-card';
import { useDevicesStatus } from '../../features/dashboard/api/get-devices-status';
import { ActiveAlertsList } from '../../features/dashboard/components/active-alerts-list';
import { ActiveAlertsSection } from '../../features/dashboard/components/active-alerts-section';
import { DeviceStatusTiles } from '../../features/dashboard/components/device-status-tiles';
import { DevicesByStatusList } from '../../features/dashboard/components/devices-by-status-list';
import { RecentAlerts } from '../../features/dashboard/components/recent-alerts';
import { EventsTable } from '../../features/events/components/events-table';
import { useCurrentOrg } from '../../lib/session/get-orgs';
import { DashboardInputPreview } from './dashboard-input-preview';

/** Spec 2 §9: the dashboard's recent organization events (of the last 24 hours, the events' default). */
export const RECENT_EVENTS = 10;

/**
 * /dashboard (spec 2 §2.2): the organization's name, its device status tiles (each opening its list),
 * the active alerts, the devices streaming, the recent alerts, a live input preview and the recent
 * organization events. The status is polled every 10 s while the window has the focus; the live
 * channel refreshes it all.
 */
export function DashboardPage() {
  const { org, orgGuid } = useCurrentOrg();
  const status = useDevicesStatus();
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{org?.org_name ?? orgGuid}</Typography>
      <RequestError error={status.error} onRetry={status.refetch} />
      <DeviceStatusTiles
        status={status.data}
        loading={status.isLoading}
        alertsList={() => <ActiveAlertsList />}
        statusList={(label, filter) => <DevicesByStatusList label={label} status={filter} />}
      />
      <SectionCard titleVariant="h5" title="Active Alerts">
        <ActiveAlertsSection />
      </SectionCard>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <SectionCard titleVariant="h5" title="Active Streams">
          <DevicesByStatusList label="Active Streams" status="streaming" />
        </SectionCard>
        <SectionCard titleVariant="h5" title="Recent Alerts">
          <RecentAlerts />
        </SectionCard>
      </Box>
      <SectionCard titleVariant="h5" title="Input Preview" label="Input Preview">
        <DashboardInputPreview />
      </SectionCard>
      <SectionCard titleVariant="h5" title="Recent Organization Events">
        <EventsTable source={{ org: true }} limit={RECENT_EVENTS} label="Recent organization events" />
      </SectionCard>
    </Stack>
  );
}
