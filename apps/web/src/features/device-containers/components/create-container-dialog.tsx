import type { CreateContainerBody, DockerImage } from '@ec/contract/device-docker';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { ManifestForm } from '../../../components/containers/manifest-form';
import { FormDialog } from '../../../components/form/form-dialog';
import {
  type CreateContainerDraft,
  createContainerRequest,
  emptyDraft,
} from '../logic/create-container-form';

/**
 * Create Container (spec 3 §4.5, §5): a name of letters and digits, an image of the device, and the
 * manifest in the form the directory uses too (restart policy always retries for ever); privileged
 * mode where licensed or for device admins. What stops it is said by field.
 */
export function CreateContainerDialog(props: {
  open: boolean;
  images: readonly DockerImage[];
  privilegedAllowed: boolean;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onCreate: (body: CreateContainerBody) => void;
}) {
  const [draft, setDraft] = useState<CreateContainerDraft>(emptyDraft);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const set = (change: Partial<CreateContainerDraft>) => setDraft((current) => ({ ...current, ...change }));
  const manifestErrors = [...errors].filter(([path]) => path !== 'name' && path !== 'image_id');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = createContainerRequest(draft);
    if ('errors' in request) return setErrors(request.errors);
    setErrors(new Map());
    props.onCreate(request.body);
  };
  const close = () => {
    setDraft(emptyDraft());
    setErrors(new Map());
    props.onClose();
  };

  return (
    <FormDialog
      open={props.open}
      onClose={close}
      onSubmit={submit}
      title="Create Container"
      submitLabel="Create"
      pending={props.pending}
      error={props.error}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label="Name"
          required
          value={draft.name}
          onChange={(event) => set({ name: event.target.value })}
          error={errors.has('name')}
          helperText={errors.get('name') ?? 'Letters and digits only'}
        />
        <TextField
          select
          label="Image"
          required
          value={draft.image_id}
          onChange={(event) => set({ image_id: event.target.value })}
          error={errors.has('image_id')}
          helperText={errors.get('image_id') ?? ' '}
        >
          {props.images.map((image) => (
            <MenuItem key={image.id} value={image.id}>
              {image.tags[0] ?? image.id}
            </MenuItem>
          ))}
        </TextField>
        <ManifestForm
          value={draft.manifest}
          onChange={(manifest) =>
            set({ manifest: props.privilegedAllowed ? manifest : { ...manifest, privileged: undefined } })
          }
        />
        {!props.privilegedAllowed && (
          <Alert severity="info">
            Privileged mode needs the Privileged Containers licence or a device admin.
          </Alert>
        )}
        {manifestErrors.length > 0 && (
          <Alert severity="error">
            {manifestErrors.map(([path, message]) => (
              <div key={path}>
                {path}: {message}
              </div>
            ))}
          </Alert>
        )}
      </Stack>
    </FormDialog>
  );
}
