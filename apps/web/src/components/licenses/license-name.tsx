import { licenseName } from '@ec/contract/entitlements/license-labels';
import type { License } from '@ec/contract/entitlements/licenses';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import StorageIcon from '@mui/icons-material/Storage';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * A licence's name with what holds it (spec 2 §2.12): a city for an organization licence, a storage
 * icon for a serial-number licence; 'Unnamed' without a name.
 */
export function LicenseName({ license }: { license: License }) {
  const Icon = license.serial_number ? StorageIcon : LocationCityIcon;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Icon
        fontSize="small"
        color="action"
        titleAccess={license.serial_number ? 'Serial number license' : 'Organization license'}
      />
      <Typography variant="body2" component="span">
        {licenseName(license)}
      </Typography>
    </Stack>
  );
}
