import type { Device } from '@ec/contract/devices';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useRef, useState } from 'react';
import { BULK_ACTION_BUTTONS, type BulkActionKind } from '../logic/bulk-action-buttons';

// The dialogs (with their forms, selects and progress lists) load when one is first opened: the
// device list shows the bar at once and most visits open none (decision 240).
const BulkActionDialog = lazy(() =>
  import('./bulk-action-dialog').then((m) => ({ default: m.BulkActionDialog })),
);

const EDITORS_ONLY = 'Only organization editors can act on devices in bulk';

/**
 * Bulk actions on the selected rows (spec 2 §2.3, §2.6): Forget Device(s) opens the Forget box (where
 * the list gives `onForget`: not in a fleet); Output Control, Update Firmware and Reboot Device(s) open
 * a dialog listing every device with its own status; Install Container first asks which container of
 * the directory. All need the rights `canEdit` stands for (`deniedText` says which otherwise); the server
 * judges each device again.
 */
export function BulkActions(props: {
  devices: readonly Device[];
  canEdit: boolean;
  onForget?: () => void;
  deniedText?: string;
}) {
  const [open, setOpen] = useState<BulkActionKind | null>(null);
  // The dialog gives the focus back to the button that opened it.
  const opener = useRef<HTMLButtonElement | null>(null);
  const close = () => {
    setOpen(null);
    opener.current?.focus();
  };
  const count = props.devices.length;
  const enabled = count > 0 && props.canEdit;
  const reason = props.canEdit ? '' : (props.deniedText ?? EDITORS_ONLY);
  const actionButton = (kind: BulkActionKind) => (
    <Tooltip key={kind} title={reason}>
      <span>
        <Button
          size="small"
          variant="outlined"
          disabled={!enabled}
          onClick={(event) => {
            opener.current = event.currentTarget;
            setOpen(kind);
          }}
        >
          {BULK_ACTION_BUTTONS[kind]}
        </Button>
      </span>
    </Tooltip>
  );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ minWidth: 90 }}>
        {count} selected
      </Typography>
      {props.onForget && (
        <Tooltip title={reason}>
          <span>
            <Button
              size="small"
              variant="outlined"
              color="error"
              disabled={!enabled}
              onClick={props.onForget}
            >
              Forget Device(s)
            </Button>
          </span>
        </Tooltip>
      )}
      {actionButton('outputs')}
      {actionButton('firmware')}
      {actionButton('container')}
      {actionButton('reboot')}
      {open && (
        <Suspense fallback={null}>
          <BulkActionDialog kind={open} devices={props.devices} onClose={close} />
        </Suspense>
      )}
    </Stack>
  );
}
