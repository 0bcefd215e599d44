import type { Fleet } from '@ec/contract/fleets';
import DeleteIcon from '@mui/icons-material/Delete';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { BackButton } from '../../components/ui/back-button';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { RequestError } from '../../components/ui/request-error';
import { paths } from '../../config/paths';
import { FleetAlertsTab } from '../../features/fleet-alerts/components/fleet-alerts-tab';
import { DeleteFleetsDialog } from '../../features/fleets/components/delete-fleets-dialog';
import { FleetStatusLabel } from '../../features/fleets/components/fleet-status-label';
import { FleetUsersTab } from '../../features/fleets/components/fleet-users-tab';
import { RenameFleetDialog } from '../../features/fleets/components/rename-fleet-dialog';
import { FleetMultiview } from '../../features/input-preview/components/fleet-multiview';
import { useFleet } from '../../lib/fleets/get-fleet';
import { useFleetStatus } from '../../lib/fleets/get-fleet-status';
import { FleetDriftRoute } from './fleet-drift-route';
import { FleetMonitorTab } from './fleet-monitor-tab';
import { FleetOverviewTab } from './fleet-overview-tab';
import { FleetTemplatesRoute } from './fleet-templates-route';

/** Spec 2 §8: what the fleet page says when the fleet cannot be loaded. */
export const FLEET_LOAD_ERROR = 'Fleet not found - There was an error loading this fleet...';

/**
 * One tab of the fleet page. Its route is /fleets/{fleet_guid}/{path}; the first tab is also what
 * /fleets/{fleet_guid} shows. `visible` says who may see it (everyone when absent): a hidden tab's URL
 * falls back to the first tab. The server enforces the same rights on the tab's calls.
 */
export interface FleetTab {
  label: string;
  path: string;
  element: (fleet: Fleet) => ReactNode;
  visible?: (fleet: Fleet) => boolean;
}

const editorsOnly = (fleet: Fleet) => fleet.editable;

/** The fleet page's tabs in their order (spec 2 §2.6). Another tab is one more entry here. */
export const FLEET_TABS: readonly FleetTab[] = [
  { label: 'Overview', path: 'devices', element: (fleet) => <FleetOverviewTab fleet={fleet} /> },
  { label: 'Monitor', path: 'monitor', element: (fleet) => <FleetMonitorTab fleet={fleet} /> },
  { label: 'Multi-view', path: 'multiview', element: (fleet) => <FleetMultiview fleet={fleet} /> },
  { label: 'Alerts', path: 'alerts', element: (fleet) => <FleetAlertsTab fleet={fleet} /> },
  { label: 'Templates', path: 'templates', element: (fleet) => <FleetTemplatesRoute fleet={fleet} /> },
  { label: 'Drift', path: 'drift', element: (fleet) => <FleetDriftRoute fleet={fleet} /> },
  {
    label: 'Users',
    path: 'users',
    element: (fleet) => <FleetUsersTab fleet={fleet} />,
    visible: editorsOnly,
  },
];

/** The tabs the caller may see, and the one the URL asks for (the first when it names none or a hidden one). */
export function fleetTabsFor(
  fleet: Fleet,
  section: string | undefined,
  tabs: readonly FleetTab[] = FLEET_TABS,
) {
  const visible = tabs.filter((tab) => tab.visible?.(fleet) ?? true);
  const wanted = section?.toLowerCase();
  const current = wanted === undefined ? visible[0] : visible.find((tab) => tab.path === wanted);
  return { visible, current };
}

/** The fleet status label under the name: the same query as the overview's tiles, refreshed live. */
function FleetHeaderStatus({ fleetGuid }: { fleetGuid: string }) {
  const status = useFleetStatus(fleetGuid);
  return <FleetStatusLabel status={status.data} error={status.error} />;
}

/**
 * /fleets/{fleet_guid}/{section?} 'Fleet' (spec 2 §2.6): the header with the fleet's name, Rename and
 * Delete for its editors and Back to the list, and the tabs of FLEET_TABS.
 */
export function FleetPage() {
  const { fleetGuid = '', section } = useParams();
  const navigate = useNavigate();
  const fleet = useFleet(fleetGuid);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const back = (
    <div>
      <BackButton to={paths.fleets.list.getHref()} label="Fleets" />
    </div>
  );

  if (fleet.isPending) return <PageSkeleton label="Loading fleet" boxes={3} />;
  if (fleet.isError) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, my: 2 }}>
        <Stack spacing={2}>
          <Typography variant="h1">{FLEET_LOAD_ERROR}</Typography>
          <RequestError error={fleet.error} onRetry={fleet.refetch} />
          {back}
        </Stack>
      </Paper>
    );
  }

  const current = fleet.data;
  const { visible, current: tab } = fleetTabsFor(current, section);
  if (!tab) return <Navigate to={paths.fleets.detail.getHref(fleetGuid)} replace />;

  return (
    <Stack spacing={2}>
      {back}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Stack spacing={1}>
          <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
            {current.fleet_name}
          </Typography>
          <FleetHeaderStatus fleetGuid={current.fleet_guid} />
        </Stack>
        {current.editable && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<DriveFileRenameOutlineIcon />}
              onClick={() => setRenaming(true)}
            >
              Rename
            </Button>
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() => setDeleting(true)}
            >
              Delete
            </Button>
          </Stack>
        )}
      </Stack>
      <Tabs
        value={tab.path}
        aria-label="Fleet sections"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {visible.map((t) => (
          <Tab
            key={t.path}
            value={t.path}
            label={t.label}
            component={Link}
            to={paths.fleets.detail.getHref(fleetGuid, t.path)}
          />
        ))}
      </Tabs>
      <div role="tabpanel" aria-label={tab.label}>
        {tab.element(current)}
      </div>
      <RenameFleetDialog open={renaming} fleet={current} onClose={() => setRenaming(false)} />
      <DeleteFleetsDialog
        fleets={deleting ? [current] : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate(paths.fleets.list.getHref(), { replace: true })}
      />
    </Stack>
  );
}
