import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { AlertHistoryList } from './alert-history-list';
import { CurrentAlertsTable } from './current-alerts-table';

/** /alerts (spec 2 §2.10): the current alerts, the last 5 days of device and legacy alerts, and the ways to their settings. */
export function AlertsPage() {
  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h1">Alerts</Typography>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
          <Link component={RouterLink} to={paths.alerts.section.getHref('templates')}>
            Alert templates
          </Link>
          <Link component={RouterLink} to={paths.alerts.section.getHref('config')}>
            Legacy alert settings
          </Link>
        </Stack>
      </Stack>
      <CurrentAlertsTable />
      <AlertHistoryList alertType="device" title="Recent device alerts" />
      <AlertHistoryList alertType="other" title="Recent legacy alerts" />
    </Stack>
  );
}
