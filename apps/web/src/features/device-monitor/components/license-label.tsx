import { ApiError } from '@ec/client/api-error';
import type { DeviceProduct } from '@ec/contract/products';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCapabilities } from '../../../lib/entitlements/get-capabilities';
import { useDeviceEntitlements } from '../../../lib/entitlements/get-device-entitlements';
import { entitlementRows, LICENSE_MESSAGES } from '../logic/entitlement-rows';
import { DialogSkeleton, WidgetDialog } from './widget-dialog';

/** The device's effective entitlement (its base profile merged with its licences), feature by feature. */
function EntitlementDialog(props: { deviceGuid: string; product: DeviceProduct; onClose: () => void }) {
  const entitlement = useDeviceEntitlements(props.deviceGuid);
  const capabilities = useCapabilities(props.product);
  const properties = entitlement.data?.properties ?? {};
  const rows = entitlement.data ? entitlementRows(properties, capabilities.data ?? null) : [];
  const error = entitlement.error;
  return (
    <WidgetDialog title="Entitlements" width={640} onClose={props.onClose}>
      <Stack spacing={2}>
        {entitlement.isPending && <DialogSkeleton label="Loading entitlements" />}
        {error && (
          <Alert severity="error">
            {error instanceof ApiError && error.status === 404
              ? LICENSE_MESSAGES.notFound
              : LICENSE_MESSAGES.entitlementProfile}
          </Alert>
        )}
        {capabilities.isError && <Alert severity="warning">{LICENSE_MESSAGES.capabilityProfile}</Alert>}
        {entitlement.data && !entitlement.data.base_profile_guid && (
          <Alert severity="warning">{LICENSE_MESSAGES.profileGuidMissing}</Alert>
        )}
        {entitlement.data && rows.length === 0 && (
          <Alert severity="info">{LICENSE_MESSAGES.noProperties}</Alert>
        )}
        {entitlement.data && (
          <Typography variant="body2" color="text.secondary">
            Base profile {entitlement.data.base_profile_guid}, {entitlement.data.licenses.length} licence(s)
          </Typography>
        )}
        {rows.length > 0 && (
          <Table size="small" aria-label="Entitlement properties">
            <TableHead>
              <TableRow>
                <TableCell>Feature</TableCell>
                <TableCell>Value</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.feature}>
                  <TableCell>{row.label}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Stack>
    </WidgetDialog>
  );
}

/** The licence label (spec 2 §2.13): opens a dialog listing the entitlement's properties. */
export function LicenseLabel(props: { deviceGuid: string; product: DeviceProduct }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Chip
        size="small"
        variant="outlined"
        label="Entitlements"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      />
      {open && <EntitlementDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}
