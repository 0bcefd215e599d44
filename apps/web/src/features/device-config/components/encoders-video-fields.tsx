import { entitlementRange } from '@ec/contract/entitlements/entitlement-gates';
import { keyframeRange, VIDEO_BITRATE_RANGE } from '@ec/contract/shadow-documents/encoders';
import { supportsFeature } from '@ec/contract/version-gates';
import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import { withCurrent } from '../../../lib/shadows/choices';
import {
  H264_PROFILE_CHOICES,
  H265_PROFILE_CHOICES,
  KEYFRAME_UNIT_CHOICES,
  latencyChoices,
  resolutionChoices,
  VIDEO_CODEC_CHOICES,
  videoBitrateModeChoices,
} from '../../../lib/shadows/encoders-choices';
import { videoCodecChanges } from '../../../lib/shadows/encoders-drafts';
import { ConfigNumberField, ConfigSelect, ConfigSwitch, ConfigTextField, FieldGrid } from './config-fields';
import { configPath, type EncoderFieldsProps } from './encoders-fields-props';

/** Said under Limit to 30 FPS on daemons from v9.0.5 (spec 3 §9), while it is on. */
export const LIMIT_TO_30_FPS_WARNING = 'Inputs faster than 30 fps are encoded at a reduced frame rate.';

export function KeyframeFields(props: EncoderFieldsProps) {
  const { form, editable } = props;
  const base = configPath(props.index);
  const unit = useWatch({ control: form.control, name: `${base}.keyframe_unit` });
  const range = keyframeRange(unit, props.entitlements);
  return (
    <>
      <ConfigNumberField
        form={form}
        name={`${base}.keyframe_interval`}
        label="Keyframe Interval"
        disabled={!editable}
        hint={`${range.min} to ${range.max} ${unit === 'FRAMES' ? 'frames' : 'ms'}`}
      />
      <ConfigSelect
        form={form}
        name={`${base}.keyframe_unit`}
        label="Keyframe Unit"
        choices={KEYFRAME_UNIT_CHOICES}
        disabled={!editable}
      />
    </>
  );
}

/**
 * The Video Encoder form (spec 3 §3.3, §4.1, §5, §9): every field of the video config. H.265 forces
 * the H.264 profile to High; the version-gated settings show where the daemon has them (or the
 * device already reports them).
 */
export function VideoEncoderFields(props: EncoderFieldsProps) {
  const { form, editable, device, entitlements } = props;
  const base = configPath(props.index);
  const config = useWatch({ control: form.control, name: base }) ?? {};
  const gated = (gate: Parameters<typeof supportsFeature>[1], field: string) =>
    supportsFeature(device, gate) || config[field] !== undefined;
  const h265 = config.selected_codec === 'H265';
  const input = props.inputs.find((option) => option.value === config.in_channel_id);
  const bitrate = entitlementRange(entitlements, 'daemon.encoders.video.bitrate') ?? VIDEO_BITRATE_RANGE;

  return (
    <Stack spacing={2}>
      <FieldGrid>
        <ConfigTextField form={form} name={`${base}.name`} label="Name" disabled={!editable} />
        <ConfigSelect
          form={form}
          name={`${base}.in_channel_id`}
          label="Input"
          choices={withCurrent(props.inputs, config.in_channel_id)}
          disabled={!editable}
        />
        <ConfigSelect
          form={form}
          name={`${base}.scaling_resolution`}
          label="Scaling Resolution"
          choices={resolutionChoices(device, input?.rotation, config.scaling_resolution)}
          disabled={!editable}
        />
        <ConfigSelect
          form={form}
          name={`${base}.selected_codec`}
          label="Codec"
          choices={withCurrent(VIDEO_CODEC_CHOICES, config.selected_codec)}
          disabled={!editable}
          onPicked={(codec) => {
            for (const [field, value] of Object.entries(videoCodecChanges(codec)))
              form.setValue(`${base}.${field}`, value, { shouldDirty: true });
          }}
        />
        <ConfigSelect
          form={form}
          name={`${base}.h264_profile`}
          label="H.264 Profile"
          choices={withCurrent(H264_PROFILE_CHOICES, config.h264_profile)}
          disabled={!editable || h265}
          hint={h265 ? 'High while the codec is H.265' : undefined}
        />
        {h265 && (
          <ConfigSelect
            form={form}
            name={`${base}.h265_profile`}
            label="H.265 Profile"
            choices={withCurrent(H265_PROFILE_CHOICES, config.h265_profile)}
            disabled={!editable}
          />
        )}
        <ConfigSelect
          form={form}
          name={`${base}.bitrate_mode`}
          label="Encoding Mode"
          choices={videoBitrateModeChoices(device, config.bitrate_mode)}
          disabled={!editable}
        />
        <ConfigNumberField
          form={form}
          name={`${base}.bitrate`}
          label="Bitrate (kbps)"
          disabled={!editable}
          hint={`${bitrate.min} to ${bitrate.max} kbps`}
        />
        <KeyframeFields {...props} />
        <ConfigSelect
          form={form}
          name={`${base}.latency_mode`}
          label="Latency Mode"
          choices={latencyChoices(device, config.latency_mode)}
          disabled={!editable}
        />
        <ConfigSelect
          form={form}
          name={`${base}.sync_group_id`}
          label="Sync Group"
          none="None"
          choices={withCurrent(props.syncGroups, config.sync_group_id)}
          disabled={!editable}
        />
      </FieldGrid>
      <FieldGrid>
        <ConfigSwitch form={form} name={`${base}.active`} label="Active" disabled={!editable} />
        <ConfigSwitch
          form={form}
          name={`${base}.limit_to_30_fps`}
          label="Limit to 30 FPS"
          disabled={!editable}
          hint={
            config.limit_to_30_fps === true && supportsFeature(device, 'limitTo30FpsWarning')
              ? LIMIT_TO_30_FPS_WARNING
              : undefined
          }
        />
        <ConfigSwitch
          form={form}
          name={`${base}.klv_timestamp_enabled`}
          label="KLV Timestamp"
          disabled={!editable}
        />
        {gated('captionProcessing', 'cc_processing_enabled') && (
          <ConfigSwitch
            form={form}
            name={`${base}.cc_processing_enabled`}
            label="Closed Caption Processing"
            disabled={!editable}
          />
        )}
        {gated('retry', 'enable_retry') && (
          <ConfigSwitch form={form} name={`${base}.enable_retry`} label="Retry" disabled={!editable} />
        )}
        {gated('cloudBackpressure', 'allow_outputs_to_adjust_bitrate') && (
          <ConfigSwitch
            form={form}
            name={`${base}.allow_outputs_to_adjust_bitrate`}
            label="Allow Outputs to Adjust Bitrate"
            disabled={!editable}
            hint="Only with Variable Bitrate"
          />
        )}
      </FieldGrid>
    </Stack>
  );
}
