import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { ManifestForm } from '../../../components/containers/manifest-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { type EntryFormOutput, type EntryFormValues, INVALID_JSON } from '../logic/entry-form';

/** The JSON text as an object, or null when it is not a JSON object. */
function parsedObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The Manifest tab (spec 3 §2.9): the manifest as a form or as JSON, one value behind both (the form
 * writes the JSON text). JSON that does not parse shows 'Invalid JSON' and can only be fixed as JSON.
 */
export function ManifestTab(props: {
  form: UseFormReturn<EntryFormValues, unknown, EntryFormOutput>;
  disabled: boolean;
}) {
  const { form, disabled } = props;
  const [view, setView] = useState<'form' | 'json'>('form');
  const text = form.watch('manifest');
  const manifest = parsedObject(text);
  const problem = form.formState.errors.manifest?.message;
  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        onChange={(_event, next: 'form' | 'json' | null) => next && setView(next)}
        aria-label="Manifest view"
      >
        <ToggleButton value="form">Form</ToggleButton>
        <ToggleButton value="json">JSON</ToggleButton>
      </ToggleButtonGroup>
      {view === 'json' ? (
        <FormTextField
          form={form}
          name="manifest"
          label="Manifest (JSON)"
          disabled={disabled}
          multiline
          minRows={10}
          fullWidth
          hint="restart_policy, ports, environment, volumes, devices, network_mode, privileged"
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
      ) : manifest === null ? (
        <Alert severity="error">{INVALID_JSON}: correct the manifest in the JSON view.</Alert>
      ) : (
        <>
          {problem && <Alert severity="error">{problem}</Alert>}
          <ManifestForm
            value={manifest}
            disabled={disabled}
            onChange={(next) =>
              form.setValue('manifest', JSON.stringify(next, null, 2), {
                shouldDirty: true,
                shouldValidate: true,
              })
            }
          />
        </>
      )}
    </Stack>
  );
}
