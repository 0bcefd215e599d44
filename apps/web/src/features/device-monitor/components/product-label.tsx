import type { DeviceProduct } from '@ec/contract/products';
import { PRODUCT_LABELS } from '@ec/contract/products';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { InfoGrid } from '../../../components/ui/info-grid';
import { useCapabilities } from '../../../lib/entitlements/get-capabilities';
import { entitlementRows } from '../logic/entitlement-rows';
import { DialogSkeleton, WidgetDialog } from './widget-dialog';

export const CAPABILITIES_UNKNOWN = 'Device capabilities unknown';

/** What the product offers by default: each capability's default, worded as the licence dialog does. */
function CapabilitiesDialog(props: { product: DeviceProduct; onClose: () => void }) {
  const capabilities = useCapabilities(props.product);
  const profile = capabilities.data;
  const defaults = profile
    ? entitlementRows(
        Object.fromEntries(profile.capabilities.map((c) => [c.feature, c.defaultSelected])),
        profile,
      )
    : [];
  return (
    <WidgetDialog title={`${PRODUCT_LABELS[props.product]} Capabilities`} width={640} onClose={props.onClose}>
      {capabilities.isPending && <DialogSkeleton label="Loading capabilities" />}
      {capabilities.isError && <Alert severity="warning">{CAPABILITIES_UNKNOWN}</Alert>}
      {profile && (
        <>
          <InfoGrid
            items={[
              { label: 'Hardware', value: profile.hardware?.description },
              { label: 'Hardware Channels', value: profile.hardware?.hw_channels.join(', ') },
              { label: 'Maximum Resolution', value: profile.hardware?.max_resolution },
            ]}
          />
          <Table size="small" aria-label="Capabilities" sx={{ mt: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell>Capability</TableCell>
                <TableCell>Default</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {defaults.map((row) => (
                <TableRow key={row.feature}>
                  <TableCell>{row.label}</TableCell>
                  <TableCell>{row.value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </WidgetDialog>
  );
}

/** The product label (spec 2 §2.13): opens the hardware capabilities dialog. */
export function ProductLabel({ product }: { product: DeviceProduct }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Chip
        size="small"
        variant="outlined"
        label={PRODUCT_LABELS[product]}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      />
      {open && <CapabilitiesDialog product={product} onClose={() => setOpen(false)} />}
    </>
  );
}
