import type { Alert } from '@ec/contract/alerts';
import ErrorIcon from '@mui/icons-material/Error';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';
import { alertStateChip } from '../../lib/alerts/alert-state';
import { formatTimestamp } from '../../lib/format-date';

/** Alerts named one by one; past these the toolbar says how many more, so a phone keeps one or two rows. */
export const TOOLBAR_ALERTS_SHOWN = 3;

const plural = (count: number) => `${count} active alert${count === 1 ? '' : 's'}`;

/**
 * The device page header's alert toolbar (spec 2 §2.5, decision 166): the device's active alerts at a
 * glance, each named in its state's colour (spec 2 §4.4) and a link to the device's Alerts
 * configuration, as the streaming status dialog's are (spec 2 §2.13). Nothing when there are none.
 */
export function DeviceAlertToolbar(props: { deviceGuid: string; alerts: readonly Alert[] }) {
  const { alerts } = props;
  if (alerts.length === 0) return null;
  const alertsHref = paths.devices.detail.getHref(props.deviceGuid, 'config', 'Alerts');
  const more = alerts.length - TOOLBAR_ALERTS_SHOWN;
  return (
    <Stack
      role="group"
      aria-label="Device alerts"
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Typography
        variant="body2"
        color="error"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
      >
        <ErrorIcon fontSize="small" aria-hidden />
        {plural(alerts.length)}
      </Typography>
      {alerts.slice(0, TOOLBAR_ALERTS_SHOWN).map((alert) => {
        const state = alertStateChip(alert);
        const name = alert.label || alert.name;
        return (
          <Chip
            key={alert.alert_guid}
            component={RouterLink}
            to={alertsHref}
            clickable
            size="small"
            color={state.color}
            label={name}
            title={`${state.label} since ${formatTimestamp(alert.timestamp)}`}
            aria-label={`${name}: ${state.label} since ${formatTimestamp(alert.timestamp)}`}
            sx={{ maxWidth: '100%' }}
          />
        );
      })}
      {more > 0 && (
        <Chip
          component={RouterLink}
          to={alertsHref}
          clickable
          size="small"
          variant="outlined"
          label={`${more} more`}
          aria-label={`${more} more alerts`}
        />
      )}
    </Stack>
  );
}
