import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { useCurrentOrg } from '../../../lib/session/get-orgs';
import { useMineTab } from '../../../lib/use-mine-tab';
import { AssignedDevices } from './assigned-devices';
import { type BulkActionsProps, OrganizationDevices } from './organization-devices';

/**
 * /devices (spec 2 §2.3): the organization's devices, and those assigned to me. The tab sits in the
 * address (?tab=mine), so a reload or a link keeps it. The bulk actions bar is another feature's: the
 * app gives it (app/routes/device-list-route.tsx).
 */
export function DeviceListPage({ BulkActions }: { BulkActions?: ComponentType<BulkActionsProps> }) {
  const { org } = useCurrentOrg();
  const [tab, setTab] = useMineTab();
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Devices
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Tabs
          value={tab}
          onChange={(_event, value) => setTab(value)}
          aria-label="Device lists"
          sx={{ mb: 2 }}
        >
          <Tab
            value="org"
            label={`${org?.org_name ?? 'Organization'} Devices`}
            id="devices-tab-org"
            aria-controls="devices-panel-org"
          />
          <Tab value="mine" label="Assigned To Me" id="devices-tab-mine" aria-controls="devices-panel-mine" />
        </Tabs>
        <div role="tabpanel" id={`devices-panel-${tab}`} aria-labelledby={`devices-tab-${tab}`}>
          {tab === 'org' ? <OrganizationDevices BulkActions={BulkActions} /> : <AssignedDevices />}
        </div>
      </Paper>
    </Box>
  );
}
