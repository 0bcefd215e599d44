import type { DeviceProduct } from '@ec/contract/products';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { ProductFilter } from '../ui/product-filter';
import { SearchField } from '../ui/search-field';
import { DeviceLayoutButton } from './device-layout-dialog';

/** How long typing in the serial search and choosing products pause before the list asks again. */
export const SERIAL_SEARCH_PAUSE_MS = 2000;
export const PRODUCT_FILTER_PAUSE_MS = 500;

/**
 * Above every device table (spec 2 §2.3): the serial number search, the product filter, the column
 * layout button, and the page's own actions after it.
 */
export function DeviceListToolbar(props: {
  serial: string;
  onSerialChange: (serial: string) => void;
  products: DeviceProduct[];
  onProductsChange: (products: DeviceProduct[]) => void;
  children?: ReactNode;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <SearchField
        label="Serial Number"
        value={props.serial}
        onChange={props.onSerialChange}
        placeholder="Search by serial number"
        width={280}
      />
      <ProductFilter value={props.products} onChange={props.onProductsChange} />
      <Stack direction="row" spacing={1} sx={{ flexGrow: 1, justifyContent: 'flex-end' }}>
        <DeviceLayoutButton />
        {props.children}
      </Stack>
    </Stack>
  );
}
