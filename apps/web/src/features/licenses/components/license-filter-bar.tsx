import { PRODUCT_LABELS, PRODUCTS } from '@ec/contract/products';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { formatDate } from '../../../lib/format-date';
import {
  addLicenseFilter,
  DATE_FILTERS,
  freeFilterTypes,
  LICENSE_FILTER_LABELS,
  type LicenseFilter,
  type LicenseFilterType,
} from '../logic/license-filters';

const chipValue = (filter: LicenseFilter) => {
  if (filter.type === 'profile_platform')
    return PRODUCT_LABELS[filter.value as keyof typeof PRODUCT_LABELS] ?? filter.value;
  return DATE_FILTERS.includes(filter.type) ? formatDate(filter.value) : filter.value;
};

/**
 * The search widget above the licence manager (spec 2 §2.12): pick a filter type, give its value (a day
 * for the dates, a platform from the list), Add Filter; each active filter is a chip that removes it.
 */
export function LicenseFilterBar(props: {
  filters: readonly LicenseFilter[];
  onChange: (filters: LicenseFilter[]) => void;
}) {
  const [type, setType] = useState<LicenseFilterType | ''>('');
  const [value, setValue] = useState('');
  const free = freeFilterTypes(props.filters);
  const added = addLicenseFilter(props.filters, { type, value });
  const add = () => {
    if (!added) return;
    props.onChange(added);
    setType('');
    setValue('');
  };

  return (
    <Stack spacing={1}>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' } }}
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <TextField
          select
          size="small"
          label="Filter"
          value={type}
          onChange={(event) => {
            setType(event.target.value as LicenseFilterType);
            setValue('');
          }}
          sx={{ minWidth: 200 }}
        >
          {free.map((option) => (
            <MenuItem key={option} value={option}>
              {LICENSE_FILTER_LABELS[option]}
            </MenuItem>
          ))}
        </TextField>
        {type === 'profile_platform' ? (
          <TextField
            select
            size="small"
            label="Value"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            sx={{ minWidth: 200 }}
          >
            {PRODUCTS.map((product) => (
              <MenuItem key={product} value={product}>
                {PRODUCT_LABELS[product]}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField
            size="small"
            label="Value"
            type={type && DATE_FILTERS.includes(type) ? 'date' : 'text'}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ minWidth: 200 }}
          />
        )}
        <Button type="submit" variant="outlined" startIcon={<AddIcon />} disabled={!added}>
          Add Filter
        </Button>
      </Stack>
      {props.filters.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Active filters">
          {props.filters.map((filter) => (
            <Chip
              key={filter.type}
              label={`${LICENSE_FILTER_LABELS[filter.type]}: ${chipValue(filter)}`}
              onDelete={() => props.onChange(props.filters.filter((other) => other.type !== filter.type))}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
