import { CAPABILITY_PROFILES } from '@ec/contract/entitlements/capability-catalogue';
import { graphicOverlaySchema } from '@ec/contract/shadow-documents/inputs';
import { supportsFeature } from '@ec/contract/version-gates';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type FieldPath, type UseFormReturn, useWatch } from 'react-hook-form';
import { withCurrent } from '../../../lib/shadows/choices';
import type { InputsFormValues } from '../../../lib/shadows/inputs-drafts';
import {
  ASPECT_RATIO_CHOICES,
  AUDIO_INPUT_CHOICES,
  INPUT_FIELD_LABELS as LABELS,
  PRESET_LOCATION_CHOICES,
  ROTATION_CHOICES,
  VIDEO_INPUT_CHOICES,
} from '../../../lib/shadows/inputs-labels';
import type { DeviceConfigContext } from '../hooks/use-device-config-context';
import { ConfigNumberField, ConfigSelect, ConfigSwitch, ConfigTextField, FieldGrid } from './config-fields';

export interface InputFieldsProps {
  form: UseFormReturn<InputsFormValues, DeviceConfigContext['validation']>;
  index: number;
  editable: boolean;
  /** Not created on the device yet: its hardware channel may still change. */
  isNew: boolean;
  context: DeviceConfigContext;
}

const PERCENT_HINT = '0 to 100 %';

/**
 * A setting the device does not report yet (its object is absent): switching it on writes the
 * object with its defaults, after which its own fields show.
 */
function AbsentSwitch(props: { label: string; disabled: boolean; onEnable: () => void }) {
  return (
    <FormControlLabel
      label={props.label}
      control={<Switch checked={false} disabled={props.disabled} onChange={props.onEnable} />}
    />
  );
}

/**
 * The fields of one input (spec 3 §3.2, §5, §9): name, video and audio input types, rotation, the
 * switches, the HTML overlay and the graphic overlay with its percent rule. Persistent input (daemon
 * v10.4.0) and the graphic overlay (v10.5.0) show where the daemon has them or the device reports them.
 */
export function InputFields(props: InputFieldsProps) {
  const { form, index, editable, context } = props;
  const base = `inputs.${index}.config` as const;
  const config = useWatch({ control: form.control, name: base }) ?? {};
  const overlay = config.graphic_overlay as Record<string, unknown> | undefined;
  const channels = CAPABILITY_PROFILES[context.device.product_name].hardware.hw_channels;
  const enable = (path: FieldPath<InputsFormValues>, value: unknown) =>
    form.setValue(path, value, { shouldDirty: true });

  return (
    <Stack spacing={2}>
      <FieldGrid>
        <ConfigTextField form={form} name={`${base}.name`} label={LABELS.name} disabled={!editable} />
        {props.isNew && (
          <ConfigSelect
            form={form}
            name={`inputs.${index}.hw_channel`}
            label={LABELS.hw_channel}
            choices={channels.map((channel) => ({ value: channel, label: `Channel ${channel}` }))}
            disabled={!editable}
          />
        )}
        <ConfigSelect
          form={form}
          name={`${base}.video_input_type`}
          label={LABELS.video_input_type}
          choices={withCurrent(VIDEO_INPUT_CHOICES, config.video_input_type)}
          disabled={!editable}
        />
        <ConfigSelect
          form={form}
          name={`${base}.video_rotation`}
          label={LABELS.video_rotation}
          choices={withCurrent(ROTATION_CHOICES, config.video_rotation)}
          disabled={!editable}
        />
        <ConfigSelect
          form={form}
          name={`${base}.audio_input_type`}
          label={LABELS.audio_input_type}
          choices={withCurrent(AUDIO_INPUT_CHOICES, config.audio_input_type)}
          disabled={!editable}
        />
      </FieldGrid>
      <FieldGrid>
        <ConfigSwitch
          form={form}
          name={`${base}.force_av_mute`}
          label={LABELS.force_av_mute}
          disabled={!editable}
        />
        {(supportsFeature(context.device, 'persistentInput') ||
          config.enable_persistent_input !== undefined) && (
          <ConfigSwitch
            form={form}
            name={`${base}.enable_persistent_input`}
            label={LABELS.enable_persistent_input}
            disabled={!editable}
          />
        )}
        <ConfigSwitch
          form={form}
          name={`${base}.sdi_audio_ignore_phase`}
          label={LABELS.sdi_audio_ignore_phase}
          disabled={!editable}
        />
      </FieldGrid>
      <Typography variant="h5" component="h3">
        Overlays
      </Typography>
      <FieldGrid>
        {config.cef === undefined ? (
          <AbsentSwitch
            label={LABELS['cef.enable']}
            disabled={!editable}
            onEnable={() => enable(`${base}.cef`, { enable: true, url: '' })}
          />
        ) : (
          <>
            <ConfigSwitch
              form={form}
              name={`${base}.cef.enable`}
              label={LABELS['cef.enable']}
              disabled={!editable}
            />
            <ConfigTextField
              form={form}
              name={`${base}.cef.url`}
              label={LABELS['cef.url']}
              disabled={!editable}
            />
          </>
        )}
      </FieldGrid>
      {overlay === undefined ? (
        supportsFeature(context.device, 'dynamicOverlay') && (
          <AbsentSwitch
            label={LABELS['graphic_overlay.enable']}
            disabled={!editable}
            onEnable={() => enable(`${base}.graphic_overlay`, graphicOverlaySchema.parse({ enable: true }))}
          />
        )
      ) : (
        <FieldGrid>
          <ConfigSwitch
            form={form}
            name={`${base}.graphic_overlay.enable`}
            label={LABELS['graphic_overlay.enable']}
            disabled={!editable}
          />
          <ConfigSelect
            form={form}
            name={`${base}.graphic_overlay.preset_location`}
            label={LABELS['graphic_overlay.preset_location']}
            choices={withCurrent(PRESET_LOCATION_CHOICES, overlay.preset_location)}
            disabled={!editable}
          />
          {(['x_position', 'y_position', 'width', 'height'] as const).map((field) => (
            <ConfigNumberField
              key={field}
              form={form}
              name={`${base}.graphic_overlay.${field}`}
              label={LABELS[`graphic_overlay.${field}`]}
              disabled={!editable}
              hint={PERCENT_HINT}
            />
          ))}
          <ConfigSelect
            form={form}
            name={`${base}.graphic_overlay.aspect_ratio_lock`}
            label={LABELS['graphic_overlay.aspect_ratio_lock']}
            choices={withCurrent(ASPECT_RATIO_CHOICES, overlay.aspect_ratio_lock)}
            disabled={!editable}
          />
        </FieldGrid>
      )}
    </Stack>
  );
}
