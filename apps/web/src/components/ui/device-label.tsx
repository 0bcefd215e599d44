import ErrorIcon from '@mui/icons-material/Error';
import RouterIcon from '@mui/icons-material/Router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';

/**
 * Device label (spec 2 §2.13): icon, name, red alert icon when alerts exist (the device's active alerts,
 * which every device answer counts), link to the device.
 */
export function DeviceLabel(props: {
  deviceGuid: string;
  name: string;
  alertCount: number;
  online?: boolean;
  link?: boolean;
}) {
  const { deviceGuid, name, online, alertCount, link = true } = props;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <RouterIcon fontSize="small" color={online ? 'success' : 'disabled'} aria-hidden />
      {link ? (
        <Link component={RouterLink} to={paths.devices.detail.getHref(deviceGuid)} underline="hover">
          {name || deviceGuid}
        </Link>
      ) : (
        <span>{name || deviceGuid}</span>
      )}
      {alertCount > 0 && (
        <ErrorIcon
          fontSize="small"
          color="error"
          titleAccess={`${alertCount} active alert${alertCount === 1 ? '' : 's'}`}
        />
      )}
    </Stack>
  );
}
