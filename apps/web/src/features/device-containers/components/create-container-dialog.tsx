import {
  DEVICE_MODES,
  NETWORK_MODES,
  RESTART_POLICIES,
  VOLUME_MODES,
} from '@ec/contract/containers/manifest';
import type { DockerImage } from '@ec/contract/device-docker';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '../../../components/form/form-dialog';
import {
  type CreateContainerDraft,
  createContainerRequest,
  emptyDraft,
  type ListRow,
  NEW_ROWS,
} from '../logic/create-container-form';

type ListKey = 'ports' | 'environment' | 'volumes' | 'devices';
interface Field {
  key: string;
  label: string;
  choices?: readonly string[];
}
const LISTS: { key: ListKey; title: string; entry: string; fields: Field[] }[] = [
  {
    key: 'ports',
    title: 'Ports',
    entry: 'port',
    fields: [
      { key: 'host_port', label: 'Host port' },
      { key: 'container_port', label: 'Container port' },
      { key: 'protocol', label: 'Protocol', choices: ['tcp', 'udp'] },
    ],
  },
  {
    key: 'environment',
    title: 'Environment',
    entry: 'variable',
    fields: [
      { key: 'key', label: 'Key' },
      { key: 'value', label: 'Value' },
    ],
  },
  {
    key: 'volumes',
    title: 'Volumes',
    entry: 'volume',
    fields: [
      { key: 'host_path', label: 'Host path' },
      { key: 'container_path', label: 'Container path' },
      { key: 'mode', label: 'Mode', choices: VOLUME_MODES },
    ],
  },
  {
    key: 'devices',
    title: 'Devices',
    entry: 'device',
    fields: [
      { key: 'host_path', label: 'Host path' },
      { key: 'container_path', label: 'Container path' },
      { key: 'mode', label: 'Mode', choices: DEVICE_MODES },
    ],
  },
];

/**
 * Create Container (spec 3 §4.5, §5): a name of letters and digits, an image of the device, the
 * restart policy (always retries for ever), network mode, privileged mode where licensed or for device
 * admins, and the ports, environment, volumes and devices, each entry complete.
 */
export function CreateContainerDialog(props: {
  open: boolean;
  images: readonly DockerImage[];
  privilegedAllowed: boolean;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onCreate: (body: Exclude<ReturnType<typeof createContainerRequest>, { errors: unknown }>['body']) => void;
}) {
  const [draft, setDraft] = useState<CreateContainerDraft>(emptyDraft);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const set = (change: Partial<CreateContainerDraft>) => setDraft((current) => ({ ...current, ...change }));
  const setRow = (list: ListKey, index: number, key: string, value: string) =>
    set({ [list]: draft[list].map((row, i) => (i === index ? { ...row, [key]: value } : row)) });

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
        <Stack direction="row" spacing={1}>
          <TextField
            select
            label="Restart policy"
            value={draft.restart_policy}
            onChange={(event) =>
              set({ restart_policy: event.target.value as CreateContainerDraft['restart_policy'] })
            }
            sx={{ flex: 1 }}
          >
            {RESTART_POLICIES.map((policy) => (
              <MenuItem key={policy} value={policy}>
                {policy}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Retries"
            value={draft.restart_policy === 'always' ? '0' : draft.retries}
            disabled={draft.restart_policy === 'always'}
            onChange={(event) => set({ retries: event.target.value })}
            error={errors.has('restart_policy.MaximumRetryCount')}
            helperText={errors.get('restart_policy.MaximumRetryCount')}
            sx={{ width: 100 }}
          />
        </Stack>
        <TextField
          select
          label="Network mode"
          value={draft.network_mode}
          onChange={(event) =>
            set({ network_mode: event.target.value as CreateContainerDraft['network_mode'] })
          }
        >
          <MenuItem value="">Default</MenuItem>
          {NETWORK_MODES.map((mode) => (
            <MenuItem key={mode} value={mode}>
              {mode}
            </MenuItem>
          ))}
        </TextField>
        {props.privilegedAllowed && (
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.privileged}
                onChange={(event) => set({ privileged: event.target.checked })}
              />
            }
            label="Privileged"
          />
        )}
        {LISTS.map((list) => (
          <Stack key={list.key} spacing={1}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="subtitle2" component="h3">
                {list.title}
              </Typography>
              <Button
                size="small"
                startIcon={<AddIcon />}
                onClick={() =>
                  set({ [list.key]: [...draft[list.key], { ...NEW_ROWS[list.key] } as ListRow] })
                }
              >
                Add {list.entry}
              </Button>
            </Stack>
            {draft[list.key].map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
              <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                {list.fields.map((field) => {
                  const path = `${list.key}.${index}.${field.key}`;
                  return (
                    <TextField
                      key={field.key}
                      select={Boolean(field.choices)}
                      size="small"
                      label={field.label}
                      value={row[field.key] ?? ''}
                      onChange={(event) => setRow(list.key, index, field.key, event.target.value)}
                      error={errors.has(path)}
                      helperText={errors.get(path)}
                      sx={{ flex: 1 }}
                    >
                      {field.choices?.map((choice) => (
                        <MenuItem key={choice} value={choice}>
                          {choice}
                        </MenuItem>
                      ))}
                    </TextField>
                  );
                })}
                <IconButton
                  aria-label={`Remove ${list.entry} ${index + 1}`}
                  onClick={() => set({ [list.key]: draft[list.key].filter((_, i) => i !== index) })}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            ))}
          </Stack>
        ))}
      </Stack>
    </FormDialog>
  );
}
