import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';

const LATER_ACTIONS = ['Output Control', 'Update Firmware', 'Install Container', 'Reboot Device(s)'];

/** Bulk actions on the selected rows (spec 2 §2.3); only forgetting is built so far. */
export function BulkActions(props: { count: number; canEdit: boolean; onForget: () => void }) {
  const enabled = props.count > 0 && props.canEdit;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ minWidth: 90 }}>
        {props.count} selected
      </Typography>
      <Tooltip title={props.canEdit ? '' : 'Only organization editors can forget devices'}>
        <span>
          <Button size="small" variant="outlined" color="error" disabled={!enabled} onClick={props.onForget}>
            Forget Device(s)
          </Button>
        </span>
      </Tooltip>
      {LATER_ACTIONS.map((label) => (
        <Tooltip key={label} title="Not implemented yet">
          <span>
            <Button size="small" variant="outlined" disabled>
              {label}
            </Button>
          </span>
        </Tooltip>
      ))}
    </Stack>
  );
}
