import type { SystemConfig } from '@ec/contract/shadow-documents/system';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { SystemFormValues } from '../../../lib/shadows/system-form-values';

/** XML configuration: enabled, url, poll interval (default 60), username, password (spec 3 §3.5). */
export function XmlFields(props: {
  form: UseFormReturn<SystemFormValues, unknown, SystemConfig>;
  editable: boolean;
}) {
  const { form, editable } = props;
  const errors = form.formState.errors.xml;
  const enabled = form.watch('xml.enabled');
  return (
    <>
      <Controller
        control={form.control}
        name="xml.enabled"
        render={({ field }) => (
          <FormControlLabel
            disabled={!editable}
            control={
              <Switch
                checked={field.value}
                onChange={(event) => {
                  field.onChange(event.target.checked);
                  // The URL becomes required (or stops being): show its state at once.
                  void form.trigger('xml.url');
                }}
                onBlur={field.onBlur}
                name={field.name}
              />
            }
            label="Enable XML Configuration"
          />
        )}
      />
      <TextField
        {...form.register('xml.url')}
        label="URL"
        type="url"
        disabled={!editable || !enabled}
        error={Boolean(errors?.url)}
        helperText={errors?.url?.message}
      />
      <TextField
        {...form.register('xml.poll_interval', { valueAsNumber: true })}
        label="Poll Interval"
        type="number"
        disabled={!editable || !enabled}
        slotProps={{ htmlInput: { min: 1, step: 1 } }}
        error={Boolean(errors?.poll_interval)}
        helperText={errors?.poll_interval?.message ?? 'Seconds between checks of the URL'}
      />
      <TextField
        {...form.register('xml.username')}
        label="Username"
        autoComplete="off"
        disabled={!editable || !enabled}
        error={Boolean(errors?.username)}
        helperText={errors?.username?.message}
      />
      <TextField
        {...form.register('xml.password')}
        label="Password"
        type="password"
        autoComplete="new-password"
        disabled={!editable || !enabled}
        error={Boolean(errors?.password)}
        helperText={errors?.password?.message}
      />
    </>
  );
}
