import { isKnownOutputType } from '@ec/contract/shadow-documents/output-types';
import type { driveSchema } from '@ec/contract/shadow-documents/outputs';
import { type OutputDeviceSoftware, supportsOutputFeature } from '@ec/contract/version-gates';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { get, type UseFormReturn, useController, useFormState, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { formatBytes } from '../../../lib/shadows/outputs-display';
import type { OutputsFormValues } from '../../../lib/shadows/outputs-drafts';
import { type FieldSpec, OUTPUT_FIELDS, SERVICE_OPTIONS } from '../../../lib/shadows/outputs-field-specs';
import {
  BoundMultiSelect,
  BoundNumber,
  BoundSelect,
  BoundSwitch,
  BoundText,
  errorMessage,
  type OutputsControl,
} from './outputs-form-fields';
import { OutputServiceFields } from './outputs-service-fields';
import { OutputSourcesFields } from './outputs-sources-fields';

export const UNSUPPORTED_OUTPUT_TYPE = 'This output type is currently not supported via the web interface.';
/** Spec 3 §8: a file output on a device that reports no drives. */
export const NO_DRIVES_NOTICE =
  'Target selection for this output will be available once you have saved this configuration.';
/** The local address of HTTP pull outputs (spec 3 §3.4). */
const HTTP_PULL_PORT = 8080;

type Drive = z.infer<typeof driveSchema>;

/** What the editor knows of the device beside the form. */
export interface OutputDeviceContext {
  software: OutputDeviceSoftware;
  /** The device's encoders as reported (its Encoders shadow). */
  encoders: readonly Record<string, unknown>[];
  /** The storage a file output may record to, as the Outputs shadow reports it. */
  drives: readonly Drive[];
  deviceIp: string | null;
}

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

function SpecField(props: {
  control: OutputsControl;
  spec: FieldSpec;
  base: `outputs.${number}.config`;
  editable: boolean;
  warning?: string;
}) {
  const { spec } = props;
  const bound = {
    control: props.control,
    name: `${props.base}.${spec.name}` as const,
    label: spec.label,
    disabled: !props.editable,
    hint: spec.hint,
    warning: props.warning,
  };
  switch (spec.kind) {
    case 'text':
      return <BoundText {...bound} secret={spec.secret} />;
    case 'number':
      return <BoundNumber {...bound} />;
    case 'switch':
      return <BoundSwitch {...bound} />;
    case 'select':
      return <BoundSelect {...bound} options={spec.options} />;
    case 'multi':
      return <BoundMultiSelect {...bound} options={spec.options} />;
  }
}

/** Where a file output records: the first drive attached, or one of the drives the device reports. */
function DriveSelect(props: {
  control: OutputsControl;
  index: number;
  drives: readonly Drive[];
  editable: boolean;
}) {
  const { field } = useController({
    control: props.control,
    name: `outputs.${props.index}.config.device_selection_policy_data`,
  });
  const value = typeof field.value === 'string' ? field.value : '';
  const known = props.drives.some((drive) => drive.uuid === value);
  return (
    <TextField
      select
      label="Recording Drive"
      name={field.name}
      inputRef={field.ref}
      value={value}
      onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
      onBlur={field.onBlur}
      disabled={!props.editable}
      helperText={props.drives.length === 0 ? NO_DRIVES_NOTICE : undefined}
    >
      <MenuItem value="">First attached drive</MenuItem>
      {props.drives.map((drive) => (
        <MenuItem key={drive.uuid} value={drive.uuid}>
          {drive.type} {drive.uuid} ({formatBytes(drive.free_space)} free of {formatBytes(drive.size)})
        </MenuItem>
      ))}
      {value && !known && <MenuItem value={value}>{value} (not attached)</MenuItem>}
    </TextField>
  );
}

/**
 * The settings of one output of the form (spec 3 §2.4, §3.4): name and Enabled, its encoders, its
 * provider, the fields of its type as they apply (encryption settings while encryption is on, settings
 * of a newer daemon on devices that run it), the recording drive of a file output. Every message of
 * the contract shows at its field; a type the console does not know gets the 'not supported' notice.
 */
export function OutputConfigFields(props: {
  form: UseFormReturn<OutputsFormValues>;
  index: number;
  device: OutputDeviceContext;
  editable: boolean;
  warnings: ReadonlyMap<string, string>;
}) {
  const { form, index, device, editable, warnings } = props;
  const base = `outputs.${index}.config` as const;
  const type = useWatch({ control: form.control, name: `outputs.${index}.type` });
  const config = (useWatch({ control: form.control, name: base }) ?? {}) as Record<string, unknown>;
  const { errors } = useFormState({ control: form.control, name: `outputs.${index}` });
  const outputError = errorMessage(get(errors, `outputs.${index}.root`));

  if (!isKnownOutputType(type)) return <Alert severity="info">{UNSUPPORTED_OUTPUT_TYPE}</Alert>;

  // A field that does not apply is hidden, unless it holds a message: nothing blocks Save unseen.
  const visible = OUTPUT_FIELDS[type].filter(
    (spec) =>
      Boolean(get(errors, `${base}.${spec.name}`)) ||
      ((!spec.when || spec.when(config)) &&
        (!spec.gate ||
          supportsOutputFeature(spec.gate, device.software) ||
          get(config, spec.name) !== undefined)),
  );
  const services = SERVICE_OPTIONS[type]?.filter(
    (option) =>
      option.value !== 'aws_mediapackage' ||
      supportsOutputFeature('mediaPackage', device.software) ||
      config.service_name === option.value,
  );

  return (
    <Stack spacing={2}>
      {outputError && (
        <Alert severity="error" role="alert">
          {outputError}
        </Alert>
      )}
      <Box sx={GRID}>
        <BoundText control={form.control} name={`${base}.name`} label="Name" disabled={!editable} />
        <BoundSwitch control={form.control} name={`${base}.enable`} label="Enabled" disabled={!editable} />
        <OutputSourcesFields
          control={form.control}
          index={index}
          type={type}
          encoders={device.encoders}
          editable={editable}
          warnings={warnings}
        />
        {services && (
          <OutputServiceFields
            form={form}
            index={index}
            type={type}
            serviceName={config.service_name}
            services={services}
            editable={editable}
          />
        )}
        {visible.map((spec) => (
          <SpecField
            key={spec.name}
            control={form.control}
            spec={spec}
            base={base}
            editable={editable}
            warning={warnings.get(`${base}.${spec.name}`)}
          />
        ))}
        {type === 'file' && (
          <DriveSelect control={form.control} index={index} drives={device.drives} editable={editable} />
        )}
      </Box>
      {type === 'http_pull' && device.deviceIp && (
        <Alert severity="info">
          Players reach this output at http://{device.deviceIp}:{HTTP_PULL_PORT}/live/master.m3u8 (HLS) and
          http://{device.deviceIp}:{HTTP_PULL_PORT}/live/manifest.mpd (DASH).
        </Alert>
      )}
    </Stack>
  );
}
