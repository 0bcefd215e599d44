import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { RequestError } from '../../../components/ui/request-error';
import { SizedDialog } from '../../../components/ui/sized-dialog';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { useDeviceEntitlements } from '../../../lib/entitlements/get-device-entitlements';
import { jsonFileName, saveJsonFile } from '../logic/save-json-file';

/**
 * The entitlement debug tool (spec 2 §2.5, spec 3 §6): the device's effective entitlement JSON as the
 * cloud computes it (base profile merged with its live licences), in a dialog 90% of the window wide
 * (the whole screen on a phone), with Download. Mounted only while open, so nothing is read before.
 */
export function EntitlementDebugDialog(props: {
  deviceGuid: string;
  deviceName: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const entitlements = useDeviceEntitlements(props.deviceGuid);
  const json = entitlements.data ? JSON.stringify(entitlements.data, null, 2) : null;

  return (
    <SizedDialog open onClose={props.onClose} aria-labelledby={titleId} width="90%">
      <DialogTitle id={titleId}>Entitlement Debug</DialogTitle>
      <DialogContent dividers>
        <RequestError error={entitlements.error} onRetry={entitlements.refetch} />
        {entitlements.isPending && !entitlements.error && (
          <Box role="status" aria-busy="true">
            <VisuallyHidden>Loading entitlements</VisuallyHidden>
            <Skeleton variant="rounded" height={320} aria-hidden="true" />
          </Box>
        )}
        {json && (
          <Box
            component="pre"
            tabIndex={0}
            aria-label="Entitlement JSON"
            sx={{
              m: 0,
              fontSize: 13,
              overflow: 'auto',
              whiteSpace: 'pre',
              maxHeight: phone ? 'none' : '65vh',
            }}
          >
            {json}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
        <Button
          variant="contained"
          disabled={!entitlements.data}
          onClick={() => saveJsonFile(jsonFileName(props.deviceName, 'entitlements'), entitlements.data)}
        >
          Download
        </Button>
      </DialogActions>
    </SizedDialog>
  );
}
