import { licenseTypeLabel } from '@ec/contract/entitlements/license-labels';
import type { License } from '@ec/contract/entitlements/licenses';
import { PRODUCT_LABELS } from '@ec/contract/products';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format-date';
import { relativeDays } from '../../lib/relative-days';
import { InfoGrid } from '../ui/info-grid';
import { LicenseExpiry } from './license-dates';

/**
 * The expanded row of a licence table (spec 2 §2.12): its type label, kind, platform, serial and sales
 * order where there are some, and its dates with the days since or until them. `actions` close it.
 */
export function LicenseDetails(props: { license: License; now: Date; actions?: ReactNode }) {
  const { license, now } = props;
  return (
    <Stack spacing={1} sx={{ py: 1 }}>
      <Typography variant="subtitle2" component="p">
        {licenseTypeLabel(license)}
      </Typography>
      <InfoGrid
        items={[
          {
            label: 'License Type',
            value: license.serial_number ? 'Serial Number License' : 'Organization License',
          },
          { label: 'Platform', value: PRODUCT_LABELS[license.profile_platform] },
          ...(license.serial_number ? [{ label: 'Device Serial', value: license.serial_number }] : []),
          ...(license.sales_order ? [{ label: 'Sales Order', value: license.sales_order }] : []),
          {
            label: 'Issue Date',
            value: `${formatDate(license.created)} (${relativeDays(license.created, now)})`,
          },
          {
            label: 'Expiration Date',
            value: (
              <>
                <LicenseExpiry license={license} now={now} /> ({relativeDays(license.expires, now)})
              </>
            ),
          },
        ]}
      />
      {props.actions && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {props.actions}
        </Stack>
      )}
    </Stack>
  );
}
