import { isExpired } from '@ec/contract/entitlements/license-labels';
import type { License } from '@ec/contract/entitlements/licenses';
import Box from '@mui/material/Box';
import { formatDate } from '../../lib/format-date';

/** A licence's expiry as YYYY/MM/DD, in red once it has passed, 'Never' without one (spec 2 §2.12, spec 3 §2.8). */
export function LicenseExpiry({ license, now }: { license: License; now: Date }) {
  if (!license.expires) return 'Never';
  const expired = isExpired(license, now);
  return (
    <Box
      component="span"
      sx={{ color: expired ? 'error.main' : undefined, fontWeight: expired ? 500 : undefined }}
    >
      {formatDate(license.expires)}
      {expired && (
        <Box component="span" sx={{ ml: 0.5 }}>
          (expired)
        </Box>
      )}
    </Box>
  );
}
