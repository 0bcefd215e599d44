import type { Device, DeviceState } from '@ec/contract/devices';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { InfoGrid } from '../../../components/ui/info-grid';
import { WidgetDialog } from './widget-dialog';

/**
 * The firmware versions dialog (spec 2 §2.13): Daemon, System and Cloud Agent versions, as the device's
 * state reports them (the device record when it has no state), and its updater's modules.
 */
export function FirmwareVersions(props: { device: Device; state: DeviceState | null }) {
  const [open, setOpen] = useState(false);
  const source = props.state ?? props.device;
  const updates = props.state?.update_state ?? [];
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Firmware {source.firmware_version ?? 'Unknown'}
      </Button>
      {open && (
        <WidgetDialog title="Firmware Versions" onClose={() => setOpen(false)}>
          <InfoGrid
            items={[
              { label: 'Firmware', value: source.firmware_version },
              { label: 'Daemon', value: source.daemon_version },
              { label: 'System', value: source.system_version },
              { label: 'Cloud Agent', value: source.cloud_version },
            ]}
          />
          <Typography variant="h4" component="h3" sx={{ mt: 2, mb: 1 }}>
            Updater
          </Typography>
          {updates.length === 0 ? (
            <Typography color="text.secondary">No update reported</Typography>
          ) : (
            <Table size="small" aria-label="Updater">
              <TableHead>
                <TableRow>
                  <TableCell>Module</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Progress</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {updates.map((update) => (
                  <TableRow key={update.module}>
                    <TableCell>{update.module}</TableCell>
                    <TableCell>{[update.status, update.action].filter(Boolean).join(' · ')}</TableCell>
                    <TableCell>
                      {update.progress_percent === undefined ? '' : `${update.progress_percent}%`}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </WidgetDialog>
      )}
    </>
  );
}
