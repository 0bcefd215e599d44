import { type DirectoryEntry, NEW_DIRECTORY_ENTRY } from '@ec/contract/containers/directory';
import { DEVICE_PRODUCTS, type DeviceProduct, PRODUCT_LABELS } from '@ec/contract/products';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useDeleteDirectoryEntry } from '../api/delete-directory-entry';
import { useSaveDirectoryEntry } from '../api/save-directory-entry';
import {
  bodyOf,
  type EntryFormOutput,
  type EntryFormValues,
  entryFormSchema,
  formValuesOf,
} from '../logic/entry-form';
import { DeleteEntryDialog } from './delete-entry-dialog';
import { ManifestTab } from './manifest-tab';

type EditorTab = 'info' | 'manifest';

/**
 * One directory entry, new or saved (spec 3 §2.9, §4.6): tabs Info and Manifest; Save Container only
 * with changes, a name and an image url, for a container administrator; Delete Container for a saved
 * entry after a confirmation. `onDone` follows a save or a delete (the list reloads, the selection
 * clears).
 */
export function DirectoryEntryEditor(props: {
  entry: DirectoryEntry | null;
  canEdit: boolean;
  onDone: () => void;
}) {
  const { entry, canEdit } = props;
  const idPrefix = useId();
  const [tab, setTab] = useState<EditorTab>('info');
  const [deleting, setDeleting] = useState(false);
  const save = useSaveDirectoryEntry();
  const remove = useDeleteDirectoryEntry();
  const form = useForm<EntryFormValues, unknown, EntryFormOutput>({
    resolver: zodResolver(entryFormSchema),
    mode: 'onChange',
    defaultValues: formValuesOf(entry ?? NEW_DIRECTORY_ENTRY),
  });
  const { isDirty, isValid } = form.formState;
  const disabled = !canEdit;

  const submit = form.handleSubmit(async (values) => {
    const saved = await save
      .mutateAsync({
        containerGuid: entry?.container_guid ?? null,
        body: bodyOf(values),
      })
      .catch(() => null);
    if (saved) props.onDone();
  });
  const confirmDelete = async () => {
    if (!entry) return;
    const done = await remove.mutateAsync(entry.container_guid).catch(() => null);
    if (done) props.onDone();
  };

  const tabId = (name: EditorTab) => `${idPrefix}-tab-${name}`;
  const panelId = `${idPrefix}-panel`;
  const text = (
    name: keyof EntryFormValues,
    label: string,
    extra: { multiline?: boolean; required?: boolean } = {},
  ) => (
    <FormTextField
      form={form}
      name={name}
      label={label}
      disabled={disabled}
      required={extra.required}
      multiline={extra.multiline}
      minRows={extra.multiline ? 2 : undefined}
      fullWidth
    />
  );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)}>
      <ErrorAlert error={save.error} />
      <Tabs value={tab} onChange={(_event, next: EditorTab) => setTab(next)} aria-label="Container details">
        <Tab value="info" label="Info" id={tabId('info')} aria-controls={panelId} />
        <Tab value="manifest" label="Manifest" id={tabId('manifest')} aria-controls={panelId} />
      </Tabs>
      <Stack spacing={2} role="tabpanel" id={panelId} aria-labelledby={tabId(tab)}>
        {tab === 'info' ? (
          <>
            {text('name', 'Container Name', { required: true })}
            {text('identifier', 'Container Identifier')}
            {text('image_url', 'Image Url', { required: true })}
            {text('description', 'Container Description', { multiline: true })}
            {text('company_name', 'Company Name')}
            {text('company_url', 'Company URL')}
            {text('company_description', 'Company Description', { multiline: true })}
            {text('requirements', 'Requirements Description', { multiline: true })}
            <Controller
              control={form.control}
              name="platforms"
              render={({ field }) => (
                <TextField
                  select
                  label="Platforms"
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value as unknown as DeviceProduct[])}
                  onBlur={field.onBlur}
                  disabled={disabled}
                  fullWidth
                  slotProps={{
                    select: {
                      multiple: true,
                      renderValue: (value) =>
                        (value as DeviceProduct[]).map((p) => PRODUCT_LABELS[p]).join(', '),
                    },
                  }}
                >
                  {DEVICE_PRODUCTS.map((product) => (
                    <MenuItem key={product} value={product}>
                      <Checkbox size="small" checked={field.value.includes(product)} tabIndex={-1} />
                      {PRODUCT_LABELS[product]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              label="Container GUID"
              value={entry?.container_guid ?? ''}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true } }}
              helperText={entry ? undefined : 'Given when the container is saved'}
            />
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {(['published', 'licensable'] as const).map((name) => (
                <Controller
                  key={name}
                  control={form.control}
                  name={name}
                  render={({ field }) => (
                    <FormControlLabel
                      label={name === 'published' ? 'Published' : 'Licensable'}
                      disabled={disabled}
                      control={
                        <Checkbox
                          checked={field.value}
                          onChange={(event) => field.onChange(event.target.checked)}
                          onBlur={field.onBlur}
                        />
                      }
                    />
                  )}
                />
              ))}
            </Stack>
          </>
        ) : (
          <ManifestTab form={form} disabled={disabled} />
        )}
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {entry && (
          <Button color="error" variant="outlined" disabled={disabled} onClick={() => setDeleting(true)}>
            Delete Container
          </Button>
        )}
        <Button
          type="submit"
          variant="contained"
          disabled={disabled || !isDirty || !isValid}
          loading={save.isPending}
        >
          Save Container
        </Button>
      </Stack>
      {entry && (
        <DeleteEntryDialog
          open={deleting}
          name={entry.name}
          pending={remove.isPending}
          error={remove.error}
          onCancel={() => {
            remove.reset();
            setDeleting(false);
          }}
          onConfirm={() => void confirmDelete()}
        />
      )}
    </Stack>
  );
}
