import {
  type ContainerManifestInput,
  DEVICE_MODES,
  MANIFEST_DEFAULTS,
  NETWORK_MODES,
  PORT_PROTOCOLS,
  RESTART_POLICIES,
  VOLUME_MODES,
} from '@ec/contract/containers/manifest';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type Manifest = ContainerManifestInput;
type ListName = 'ports' | 'environment' | 'volumes' | 'devices';
type Row = Record<string, unknown>;

/** Each list of the manifest (spec 3 §3.7): its heading, a new row (spec 3 §9 defaults) and its columns. */
const LISTS: Record<
  ListName,
  {
    title: string;
    add: string;
    blank: () => Row;
    columns: { key: string; label: string; number?: boolean; options?: readonly string[] }[];
  }
> = {
  ports: {
    title: 'Ports',
    add: 'Add Port',
    blank: () => ({ protocol: 'tcp' }),
    columns: [
      { key: 'host_port', label: 'Host Port', number: true },
      { key: 'container_port', label: 'Container Port', number: true },
      { key: 'protocol', label: 'Protocol', options: PORT_PROTOCOLS },
    ],
  },
  environment: {
    title: 'Environment',
    add: 'Add Variable',
    blank: () => ({ key: '', value: '' }),
    columns: [
      { key: 'key', label: 'Key' },
      { key: 'value', label: 'Value' },
    ],
  },
  volumes: {
    title: 'Volumes',
    add: 'Add Volume',
    blank: () => ({ host_path: '', container_path: '', mode: MANIFEST_DEFAULTS.volumeMode }),
    columns: [
      { key: 'host_path', label: 'Host Path' },
      { key: 'container_path', label: 'Container Path' },
      { key: 'mode', label: 'Mode', options: VOLUME_MODES },
    ],
  },
  devices: {
    title: 'Devices',
    add: 'Add Device',
    blank: () => ({ host_path: '', container_path: '', mode: MANIFEST_DEFAULTS.deviceMode }),
    columns: [
      { key: 'host_path', label: 'Host Path' },
      { key: 'container_path', label: 'Container Path' },
      { key: 'mode', label: 'Mode', options: DEVICE_MODES },
    ],
  },
};

/** A number field's text as the manifest holds it: a number, or absent while empty. */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * A container manifest as a form (spec 3 §3.7, §4.5, §9): restart policy (always forces no retries),
 * network mode, privileged, and the ports, environment, volumes and devices lists. Controlled: every
 * change hands the whole manifest to `onChange`; the caller validates it with the contract's schema.
 */
export function ManifestForm(props: {
  value: Manifest;
  onChange: (next: Manifest) => void;
  disabled?: boolean;
}) {
  const { value, onChange, disabled } = props;
  const restart = value.restart_policy;
  const set = (patch: Partial<Manifest>) => onChange({ ...value, ...patch });
  const rows = (name: ListName) => (value[name] ?? []) as Row[];
  const setRows = (name: ListName, next: Row[]) => set({ [name]: next.length > 0 ? next : undefined });

  const list = (name: ListName): ReactNode => {
    const spec = LISTS[name];
    return (
      <Stack key={name} spacing={1} component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
        <Typography component="legend" variant="subtitle2">
          {spec.title}
        </Typography>
        {rows(name).map((row, index) => (
          <Stack
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place, and are controlled
            key={index}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'center' } }}
          >
            {spec.columns.map((column) => (
              <TextField
                key={column.key}
                size="small"
                label={`${column.label} ${index + 1}`}
                select={Boolean(column.options)}
                type={column.number ? 'number' : 'text'}
                value={(row[column.key] as string | number | undefined) ?? ''}
                disabled={disabled}
                onChange={(event) => {
                  const text = event.target.value;
                  const next = rows(name).map((current, at) =>
                    at === index
                      ? { ...current, [column.key]: column.number ? numberOf(text) : text }
                      : current,
                  );
                  setRows(name, next);
                }}
                sx={{ flex: 1, minWidth: 0 }}
              >
                {column.options?.map((option) => (
                  <MenuItem key={option} value={option}>
                    {option}
                  </MenuItem>
                ))}
              </TextField>
            ))}
            <IconButton
              aria-label={`Remove ${spec.title} ${index + 1}`}
              disabled={disabled}
              onClick={() =>
                setRows(
                  name,
                  rows(name).filter((_row, at) => at !== index),
                )
              }
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
        <Button
          size="small"
          variant="outlined"
          disabled={disabled}
          onClick={() => setRows(name, [...rows(name), spec.blank()])}
          sx={{ alignSelf: 'flex-start' }}
        >
          {spec.add}
        </Button>
      </Stack>
    );
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Restart Policy"
          value={restart?.name ?? ''}
          disabled={disabled}
          onChange={(event) => {
            const name = event.target.value as (typeof RESTART_POLICIES)[number] | '';
            if (!name) return set({ restart_policy: undefined });
            // 'always' restarts without counting: the retries are 0 (spec 3 §4.5).
            const MaximumRetryCount =
              name === 'always' ? 0 : (restart?.MaximumRetryCount ?? MANIFEST_DEFAULTS.maximumRetryCount);
            set({ restart_policy: { name, MaximumRetryCount } });
          }}
          sx={{ flex: 1 }}
        >
          <MenuItem value="">Not set</MenuItem>
          {RESTART_POLICIES.map((policy) => (
            <MenuItem key={policy} value={policy}>
              {policy}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Maximum Retry Count"
          type="number"
          value={restart?.MaximumRetryCount ?? ''}
          disabled={disabled || restart?.name !== 'on-failure'}
          onChange={(event) =>
            restart &&
            set({ restart_policy: { ...restart, MaximumRetryCount: numberOf(event.target.value) } })
          }
          sx={{ flex: 1 }}
        />
        <TextField
          select
          label="Network Mode"
          value={value.network_mode ?? ''}
          disabled={disabled}
          onChange={(event) =>
            set({ network_mode: (event.target.value || undefined) as Manifest['network_mode'] })
          }
          sx={{ flex: 1 }}
        >
          <MenuItem value="">Not set ({MANIFEST_DEFAULTS.networkMode})</MenuItem>
          {NETWORK_MODES.map((mode) => (
            <MenuItem key={mode} value={mode}>
              {mode}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <FormControlLabel
        label="Privileged"
        disabled={disabled}
        control={
          <Checkbox
            checked={value.privileged === true}
            onChange={(event) => set({ privileged: event.target.checked || undefined })}
          />
        }
      />
      {(Object.keys(LISTS) as ListName[]).map(list)}
    </Stack>
  );
}
