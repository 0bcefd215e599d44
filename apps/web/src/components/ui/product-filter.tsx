import { DEVICE_PRODUCTS, type DeviceProduct, PRODUCT_LABELS } from '@ec/contract/products';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import { useId } from 'react';

/** Multi-select product filter: Edgecaster, Edgecaster Max (spec 2 §2.3, §2.8). */
export function ProductFilter(props: { value: DeviceProduct[]; onChange: (value: DeviceProduct[]) => void }) {
  const labelId = useId();
  return (
    <FormControl size="small" sx={{ minWidth: 200 }}>
      <InputLabel id={labelId}>Product</InputLabel>
      <Select<DeviceProduct[]>
        labelId={labelId}
        multiple
        value={props.value}
        onChange={(event) => {
          const value = event.target.value;
          props.onChange((typeof value === 'string' ? value.split(',') : value) as DeviceProduct[]);
        }}
        input={<OutlinedInput label="Product" />}
        renderValue={(selected) => selected.map((product) => PRODUCT_LABELS[product]).join(', ')}
      >
        {DEVICE_PRODUCTS.map((product) => (
          <MenuItem key={product} value={product}>
            <Checkbox checked={props.value.includes(product)} size="small" />
            <ListItemText primary={PRODUCT_LABELS[product]} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
