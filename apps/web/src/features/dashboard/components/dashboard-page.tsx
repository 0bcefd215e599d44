import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { RequestError } from '../../../components/ui/request-error';
import { paths } from '../../../config/paths';
import { useCurrentOrg } from '../../../lib/session/get-orgs';
import { useDevicesStatus } from '../api/get-devices-status';

function Tile(props: { title: string; value: string; to: string; loading: boolean }) {
  return (
    <Card variant="outlined" sx={{ flex: 1 }}>
      <CardActionArea component={Link} to={props.to} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="overline" color="text.secondary" component="h2">
            {props.title}
          </Typography>
          <Typography variant="h2" component="p">
            {props.loading ? <Skeleton width="60%" /> : props.value}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** /dashboard: the organization's name and its device status tiles (the rest comes with a later issue). */
export function DashboardPage() {
  const { org, orgGuid } = useCurrentOrg();
  const status = useDevicesStatus();
  const s = status.data;
  const of = (count: number | undefined) => (s ? `${count ?? 0} / ${s.total_devices}` : '—');
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{org?.org_name ?? orgGuid}</Typography>
      <RequestError error={status.error} onRetry={status.refetch} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} aria-busy={status.isLoading || undefined}>
        <Tile
          title="Online Devices"
          value={of(s?.total_online)}
          to={paths.devices.list.getHref()}
          loading={status.isLoading}
        />
        <Tile
          title="Streaming Devices"
          value={of(s?.total_streaming)}
          to={paths.devices.list.getHref()}
          loading={status.isLoading}
        />
        <Tile
          title="Alerts"
          value={s ? String(s.total_alerts) : '—'}
          to={paths.alerts.list.getHref()}
          loading={status.isLoading}
        />
      </Stack>
    </Stack>
  );
}
