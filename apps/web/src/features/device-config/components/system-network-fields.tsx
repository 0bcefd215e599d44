import type { SystemConfig, SystemStatus } from '@ec/contract/shadow-documents/system';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useRef } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import {
  type StaticNetwork,
  type SystemFormValues,
  staticNetworkFor,
} from '../../../lib/shadows/system-form-values';

/**
 * IP scheme and static settings. Switching to DHCP clears the static settings; switching to static
 * pre-fills them from the current network values (spec 3 §2.5).
 */
export function NetworkFields(props: {
  form: UseFormReturn<SystemFormValues, unknown, SystemConfig>;
  status: SystemStatus;
  editable: boolean;
  initial: SystemFormValues;
}) {
  const { form, status, editable } = props;
  const labelId = useId();
  const scheme = form.watch('ip_scheme');
  const lastStatic = useRef<StaticNetwork | null>(props.initial.static_network ?? null);
  const errors = form.formState.errors.static_network;

  const field = (name: 'ip_address' | 'netmask' | 'gateway', label: string) => (
    <TextField
      {...form.register(`static_network.${name}`)}
      label={label}
      disabled={!editable}
      error={Boolean(errors?.[name])}
      helperText={errors?.[name]?.message}
    />
  );

  return (
    <>
      <Controller
        control={form.control}
        name="ip_scheme"
        render={({ field: schemeField }) => (
          <FormControl disabled={!editable}>
            <FormLabel id={labelId}>IP Scheme</FormLabel>
            <RadioGroup
              row
              aria-labelledby={labelId}
              name={schemeField.name}
              value={schemeField.value}
              onChange={(event) => {
                const next = event.target.value === 'static' ? 'static' : 'dhcp';
                const current = form.getValues('static_network');
                if (current) lastStatic.current = current;
                schemeField.onChange(next);
                form.setValue('static_network', staticNetworkFor(next, status, lastStatic.current), {
                  shouldDirty: true,
                  shouldValidate: true,
                });
              }}
            >
              <FormControlLabel value="dhcp" control={<Radio />} label="DHCP" />
              <FormControlLabel value="static" control={<Radio />} label="Static" />
            </RadioGroup>
          </FormControl>
        )}
      />
      {scheme === 'static' && (
        <Stack>
          {field('ip_address', 'IP Address')}
          {field('netmask', 'Netmask')}
          {field('gateway', 'Gateway')}
          {([0, 1] as const).map((index) => (
            <TextField
              key={index}
              {...form.register(`static_network.dns_addresses.${index}`)}
              label={`DNS Address ${index + 1}`}
              disabled={!editable}
              error={Boolean(errors?.dns_addresses?.[index])}
              helperText={errors?.dns_addresses?.[index]?.message ?? 'Optional'}
            />
          ))}
        </Stack>
      )}
    </>
  );
}
