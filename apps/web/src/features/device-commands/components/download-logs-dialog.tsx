import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { CommandDialog } from '../../../components/device-commands/command-dialog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { RequestError } from '../../../components/ui/request-error';
import { useDeviceCommand } from '../../../lib/device-commands/use-device-command';
import { formatTimestamp } from '../../../lib/format-date';
import { downloadDeviceLogs, requestDeviceLogs, useDeviceLogs } from '../api/device-logs';
import { CommandStatusAlert } from './command-status-alert';

/**
 * Download Device Logs (540 px, spec 2 §4.8): Request Logs asks the device for a bundle and follows
 * the command every 2 s; the latest bundle is offered as a download with when it was retrieved.
 */
export function DownloadLogsDialog(props: {
  deviceGuid: string;
  serialNumber: string;
  open: boolean;
  onClose: () => void;
}) {
  const logs = useDeviceLogs(props.deviceGuid, props.open);
  const command = useDeviceCommand(props.deviceGuid);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const [downloading, setDownloading] = useState(false);
  const status = command.progress?.status;
  const refetchLogs = logs.refetch;

  // A complete upload_logs command means a new bundle: read where it is.
  useEffect(() => {
    if (status === 'complete') void refetchLogs();
  }, [status, refetchLogs]);

  const close = () => {
    command.reset();
    setDownloadError(null);
    props.onClose();
  };
  const download = async (url: string) => {
    setDownloadError(null);
    setDownloading(true);
    try {
      await downloadDeviceLogs(url, `${props.serialNumber}-logs.tar.gz`);
    } catch (error) {
      setDownloadError(error);
    } finally {
      setDownloading(false);
    }
  };

  let latest: React.ReactNode;
  if (logs.isPending)
    latest = <Skeleton variant="text" width="70%" role="progressbar" aria-label="Loading the latest logs" />;
  else if (logs.isError) latest = <RequestError error={logs.error} onRetry={logs.refetch} />;
  else if (!logs.data) latest = <DialogContentText>The device has not uploaded logs yet.</DialogContentText>;
  else {
    const { url, last_retrieved } = logs.data;
    latest = (
      <Stack spacing={0.5}>
        <Typography>
          <Link
            component="button"
            type="button"
            onClick={() => void download(url)}
            disabled={downloading}
            sx={{ verticalAlign: 'baseline', fontSize: 'inherit' }}
          >
            Download {props.serialNumber}-logs.tar.gz
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Last retrieved: {formatTimestamp(last_retrieved)}
        </Typography>
      </Stack>
    );
  }

  return (
    <CommandDialog
      open={props.open}
      onClose={close}
      title="Download Device Logs"
      width={540}
      actions={
        <>
          <Button onClick={close}>Close</Button>
          <Button
            variant="contained"
            loading={command.processing}
            onClick={() => void command.track('upload_logs', () => requestDeviceLogs(props.deviceGuid))}
          >
            Request Logs
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        <DialogContentText>
          Request Logs asks the device to upload a new bundle of its logs; it can take a minute.
        </DialogContentText>
        {latest}
        <ErrorAlert error={downloadError} />
        <CommandStatusAlert progress={command.progress} />
      </Stack>
    </CommandDialog>
  );
}
