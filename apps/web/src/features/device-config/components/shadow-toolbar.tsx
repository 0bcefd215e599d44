import type { Shadow } from '@ec/contract/shadows';
import RefreshIcon from '@mui/icons-material/Refresh';
import SyncIcon from '@mui/icons-material/Sync';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatTimestamp } from '../../../lib/format-date';

/** Every config tab shows the reported shadow's timestamp and version; editors get Reload and Force Sync. */
export function ShadowToolbar(props: {
  shadow: Shadow | null | undefined;
  canEdit: boolean;
  busy: boolean;
  reloading: boolean;
  onReload: () => void;
  onForceSync: () => void;
}) {
  const reported = props.shadow?.reported;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
    >
      <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
        <Typography variant="body2" data-testid="shadow-version">
          Version: {reported ? reported.current_version : '—'}
        </Typography>
        <Typography variant="body2" data-testid="shadow-timestamp">
          Last Reported: {reported ? formatTimestamp(reported.timestamp) : '—'}
        </Typography>
      </Stack>
      {props.canEdit && (
        <Stack direction="row" spacing={1}>
          <Button size="small" startIcon={<RefreshIcon />} onClick={props.onReload} loading={props.reloading}>
            Reload
          </Button>
          <Button size="small" startIcon={<SyncIcon />} onClick={props.onForceSync} disabled={props.busy}>
            Force Sync
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
