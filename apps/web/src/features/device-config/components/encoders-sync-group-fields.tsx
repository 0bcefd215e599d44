import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import { withCurrent } from '../../../lib/shadows/choices';
import { latencyChoices } from '../../../lib/shadows/encoders-choices';
import { ConfigCheckboxGroup, ConfigSelect, ConfigSwitch, ConfigTextField, FieldGrid } from './config-fields';
import { configPath, type EncoderFieldsProps } from './encoders-fields-props';
import { KeyframeFields } from './encoders-video-fields';

/**
 * The Sync Group form (spec 3 §3.3): its video encoders, keyframes, latency, frame rate limit and,
 * where the device reports one, its input.
 */
export function SyncGroupFields(props: EncoderFieldsProps) {
  const { form, editable, device } = props;
  const base = configPath(props.index);
  const config = useWatch({ control: form.control, name: base }) ?? {};
  return (
    <Stack spacing={2}>
      <FieldGrid>
        <ConfigTextField form={form} name={`${base}.name`} label="Name" disabled={!editable} />
        <ConfigSelect
          form={form}
          name={`${base}.latency_mode`}
          label="Latency Mode"
          choices={latencyChoices(device, config.latency_mode)}
          disabled={!editable}
        />
        <KeyframeFields {...props} />
        {config.in_channel_id !== undefined && (
          <ConfigSelect
            form={form}
            name={`${base}.in_channel_id`}
            label="Input"
            choices={withCurrent(props.inputs, config.in_channel_id)}
            disabled={!editable}
          />
        )}
      </FieldGrid>
      <ConfigCheckboxGroup
        form={form}
        name={`${base}.video_encoder_ids`}
        label="Video Encoders"
        choices={props.videoEncoders}
        disabled={!editable}
      />
      <ConfigSwitch
        form={form}
        name={`${base}.limit_to_30_fps`}
        label="Limit to 30 FPS"
        disabled={!editable}
      />
    </Stack>
  );
}
