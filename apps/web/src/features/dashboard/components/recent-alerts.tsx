import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRecentAlerts } from '../api/get-recent-alerts';
import { AlertsTable } from './alerts-table';

/** Recent Alerts (spec 2 §2.2): the newest device alerts and legacy alerts, 5 of each, closed ones too. */
export function RecentAlerts() {
  const device = useRecentAlerts('device');
  const legacy = useRecentAlerts('other');
  return (
    <Stack spacing={2}>
      <div>
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          Device Alerts
        </Typography>
        <AlertsTable label="Recent device alerts" lists={[device]} emptyText="No recent device alerts" />
      </div>
      <div>
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          Legacy Alerts
        </Typography>
        <AlertsTable label="Recent legacy alerts" lists={[legacy]} emptyText="No recent legacy alerts" />
      </div>
    </Stack>
  );
}
