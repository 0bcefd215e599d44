import type { Device } from '@ec/contract/devices';
import {
  type CreateRolloutBody,
  DEFAULT_ROLLOUT_SETTINGS,
  type RolloutSettings,
  rolloutSettingsSchema,
} from '@ec/contract/rollouts';
import type { TemplateShadowName } from '@ec/contract/shadow-template-state';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ComponentType, useId, useState } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../../components/form/form-dialog';
import { RequestError } from '../../../components/ui/request-error';
import { paths } from '../../../config/paths';
import { useCreateRollout } from '../api/create-rollout';
import { useFleetChoices } from '../api/get-fleet-choices';
import { wavesFor } from '../logic/rollout-progress';

/** What is rolled out: an organization template, or one shadow's document as a tab's set sends it. */
export type RolloutSourceChoice =
  | { kind: 'template'; template_guid: string; template_name: string; shadow_name: string }
  | { kind: 'change'; shadow_name: TemplateShadowName; state: Record<string, unknown> };

/** The device selector the dialog opens to pick devices (app/ gives the bulk actions' one). */
export type DeviceSelectorSlot = ComponentType<{
  open: boolean;
  initial: ReadonlyMap<string, Device>;
  onClose: () => void;
  onDone: (devices: ReadonlyMap<string, Device>) => void;
}>;

/** A fleet the rollout is fixed to (the fleet page), with its device count when known. */
export interface RolloutFleet {
  fleet_guid: string;
  fleet_name: string;
  device_count?: number;
}

/** A device the dialog is opened for: its guid, and its name to show. */
export interface RolloutDevice {
  device_guid: string;
  device_name: string;
}

type TargetChoice = 'devices' | 'fleet';

/**
 * The Roll Out dialog (issue 26): the targets (devices picked with the device selector, or a fleet:
 * its devices when the rollout starts), the wave size, the pause between waves and what happens to
 * offline devices, with a summary of how many waves that makes. Starting opens the rollout's page.
 * The fleet page opens it with `fleet` set.
 */
export function RolloutDialog(props: {
  open: boolean;
  onClose: () => void;
  source: RolloutSourceChoice;
  fleet?: RolloutFleet;
  /** A fixed list of target devices (the drifting devices of a fleet), in place of a choice. */
  devices?: readonly RolloutDevice[];
  DeviceSelector?: DeviceSelectorSlot;
}) {
  const navigate = useNavigate();
  const create = useCreateRollout();
  const [target, setTarget] = useState<TargetChoice>(
    props.devices ? 'devices' : props.fleet || !props.DeviceSelector ? 'fleet' : 'devices',
  );
  const [devices, setDevices] = useState<ReadonlyMap<string, Device>>(new Map());
  const [selecting, setSelecting] = useState(false);
  const [fleetGuid, setFleetGuid] = useState(props.fleet?.fleet_guid ?? '');
  const [targetError, setTargetError] = useState<string | null>(null);
  const fleets = useFleetChoices(props.open && !props.fleet && target === 'fleet');
  const form = useForm<RolloutSettings>({
    resolver: zodResolver(rolloutSettingsSchema),
    defaultValues: DEFAULT_ROLLOUT_SETTINGS,
  });
  const targetLabelId = useId();
  const offlineLabelId = useId();
  const waveSize = Number(form.watch('wave_size')) || 0;
  const deviceCount = props.devices
    ? props.devices.length
    : target === 'devices'
      ? devices.size
      : props.fleet?.device_count;

  const close = () => {
    create.reset();
    setTargetError(null);
    props.onClose();
  };
  const submit = form.handleSubmit(async (settings) => {
    const chosen: CreateRolloutBody['target'] | null = props.devices
      ? { kind: 'devices', device_guids: props.devices.map((device) => device.device_guid) }
      : target === 'devices'
        ? devices.size
          ? { kind: 'devices', device_guids: [...devices.keys()] }
          : null
        : fleetGuid
          ? { kind: 'fleet', fleet_guid: fleetGuid }
          : null;
    if (!chosen) {
      setTargetError(target === 'devices' ? 'Select at least one device' : 'Select a fleet');
      return;
    }
    setTargetError(null);
    const source: CreateRolloutBody['source'] =
      props.source.kind === 'template'
        ? { kind: 'template', template_guid: props.source.template_guid }
        : { kind: 'change', shadow_name: props.source.shadow_name, state: props.source.state };
    const rolloutGuid = await create.mutateAsync({ ...settings, source, target: chosen }).catch(() => null);
    if (rolloutGuid) navigate(paths.rollouts.detail.getHref(rolloutGuid));
  });

  const what =
    props.source.kind === 'template'
      ? `the template “${props.source.template_name}” (${props.source.shadow_name})`
      : `this ${props.source.shadow_name} configuration`;
  const Selector = props.DeviceSelector;

  return (
    <>
      <FormDialog
        open={props.open && !selecting}
        onClose={close}
        onSubmit={submit}
        title="Roll Out"
        submitLabel="Start Rollout"
        pending={create.isPending}
        error={create.error}
      >
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Typography>Roll {what} out to devices, one wave after another.</Typography>
          {props.devices ? (
            <Typography>
              Devices:{' '}
              <strong>
                {props.devices.map((device) => device.device_name || device.device_guid).join(', ')}
              </strong>
            </Typography>
          ) : props.fleet ? (
            <Typography>
              Fleet: <strong>{props.fleet.fleet_name}</strong>
            </Typography>
          ) : (
            <FormControl>
              <FormLabel id={targetLabelId}>Roll out to</FormLabel>
              <RadioGroup
                row
                aria-labelledby={targetLabelId}
                value={target}
                onChange={(event) => setTarget(event.target.value as TargetChoice)}
              >
                {Selector && <FormControlLabel value="devices" control={<Radio />} label="Devices" />}
                <FormControlLabel value="fleet" control={<Radio />} label="A fleet" />
              </RadioGroup>
            </FormControl>
          )}
          {!props.fleet && !props.devices && target === 'devices' && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Button variant="outlined" onClick={() => setSelecting(true)}>
                Select Devices
              </Button>
              <Typography aria-live="polite">
                {devices.size} device{devices.size === 1 ? '' : 's'} selected
              </Typography>
            </Stack>
          )}
          {!props.fleet && !props.devices && target === 'fleet' && (
            <>
              <RequestError error={fleets.error} onRetry={fleets.refetch} />
              <TextField
                select
                label="Fleet"
                value={fleetGuid}
                onChange={(event) => setFleetGuid(event.target.value)}
                disabled={!fleets.data}
                helperText={fleets.isPending ? 'Loading fleets…' : 'Its devices when the rollout starts'}
              >
                {(fleets.data ?? []).map((fleet) => (
                  <MenuItem key={fleet.fleet_guid} value={fleet.fleet_guid} disabled={!fleet.editable}>
                    {fleet.fleet_name}
                  </MenuItem>
                ))}
              </TextField>
            </>
          )}
          {targetError && (
            <Typography color="error" role="alert">
              {targetError}
            </Typography>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <NumberField form={form} name="wave_size" label="Wave size" hint="Devices per wave (1-1000)" />
            <NumberField form={form} name="pause_seconds" label="Pause between waves (seconds)" />
          </Stack>
          <FormControl>
            <FormLabel id={offlineLabelId}>Offline devices</FormLabel>
            <Controller
              control={form.control}
              name="offline_policy"
              render={({ field }) => (
                <RadioGroup aria-labelledby={offlineLabelId} {...field}>
                  <FormControlLabel value="skip" control={<Radio />} label="Skip them" />
                  <FormControlLabel
                    value="queue"
                    control={<Radio />}
                    label="Queue them: sent when they come online"
                  />
                </RadioGroup>
              )}
            />
          </FormControl>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {deviceCount !== undefined && waveSize > 0
              ? `${deviceCount} device${deviceCount === 1 ? '' : 's'} in ${wavesFor(deviceCount, waveSize)} wave${wavesFor(deviceCount, waveSize) === 1 ? '' : 's'}. `
              : ''}
            Each wave waits until every device acknowledged; a rejection or a device that does not answer
            within 20 seconds stops the rollout.
          </Typography>
        </Stack>
      </FormDialog>
      {Selector && (
        <Selector
          open={selecting}
          initial={devices}
          onClose={() => setSelecting(false)}
          onDone={(picked) => {
            setDevices(picked);
            setSelecting(false);
          }}
        />
      )}
    </>
  );
}

/** A whole-number field of the settings; an empty or unreadable value is NaN, which the schema refuses. */
function NumberField(props: {
  form: UseFormReturn<RolloutSettings>;
  name: 'wave_size' | 'pause_seconds';
  label: string;
  hint?: string;
}) {
  return (
    <Controller
      control={props.form.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <TextField
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          value={Number.isNaN(field.value) ? '' : field.value}
          onChange={(event) =>
            field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))
          }
          label={props.label}
          type="number"
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? props.hint}
          slotProps={{ htmlInput: { min: props.name === 'wave_size' ? 1 : 0 } }}
          fullWidth
        />
      )}
    />
  );
}
