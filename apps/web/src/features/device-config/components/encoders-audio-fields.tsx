import { entitlementNumber } from '@ec/contract/entitlements/entitlement-gates';
import { AUDIO_MAX_CHANNELS_DEFAULT, audioEncoderConfigSchema } from '@ec/contract/shadow-documents/encoders';
import { supportsFeature } from '@ec/contract/version-gates';
import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import { withCurrent } from '../../../lib/shadows/choices';
import {
  AUDIO_BITRATE_MODE_CHOICES,
  audioBitrateChoices,
  audioChannelChoices,
  audioCodecChoices,
  audioValueChoices,
  NO_INPUT_CHOICE,
} from '../../../lib/shadows/encoders-choices';
import { ConfigCheckboxGroup, ConfigSelect, ConfigSwitch, ConfigTextField, FieldGrid } from './config-fields';
import { configPath, type EncoderFieldsProps } from './encoders-fields-props';

const { mix_mode: OFFERED_MIX_MODE, sample: OFFERED_SAMPLE } = audioEncoderConfigSchema.parse({
  name: '',
  codec: 'mpeg4_aac',
});

/**
 * The Audio Encoder form (spec 3 §3.3, §4.1, §5, §9). The codec changes only on a new encoder where
 * the device creates and removes encoders (elsewhere a new encoder takes another codec); bitrates
 * follow the codec, and the channels picked are held to the licensed count.
 */
export function AudioEncoderFields(props: EncoderFieldsProps) {
  const { form, editable, device, entitlements } = props;
  const base = configPath(props.index);
  const config = useWatch({ control: form.control, name: base }) ?? {};
  const codecEditable = editable && (!props.dynamic || props.isNew);
  const perEncoder =
    entitlementNumber(entitlements, 'daemon.encoders.audio.max_channels') ?? AUDIO_MAX_CHANNELS_DEFAULT;

  return (
    <Stack spacing={2}>
      <FieldGrid>
        <ConfigTextField form={form} name={`${base}.name`} label="Name" disabled={!editable} />
        <ConfigSelect
          form={form}
          name={`${base}.in_channel_id`}
          label="Input"
          choices={withCurrent([NO_INPUT_CHOICE, ...props.inputs], config.in_channel_id)}
          disabled={!editable}
        />
        <ConfigSelect
          form={form}
          name={`${base}.codec`}
          label="Codec"
          choices={audioCodecChoices(device, entitlements, config.codec)}
          disabled={!codecEditable}
          hint={editable && !codecEditable ? 'Create a new audio encoder for another codec' : undefined}
        />
        <ConfigSelect
          form={form}
          name={`${base}.bitrate_mode`}
          label="Encoding Mode"
          choices={withCurrent(AUDIO_BITRATE_MODE_CHOICES, config.bitrate_mode)}
          disabled={!editable}
        />
        <ConfigSelect
          form={form}
          name={`${base}.bitrate`}
          label="Bitrate"
          choices={audioBitrateChoices(config.codec, config.bitrate)}
          disabled={!editable}
        />
        <ConfigSelect
          form={form}
          name={`${base}.mix_mode`}
          label="Mix Mode"
          choices={audioValueChoices(OFFERED_MIX_MODE, config.mix_mode)}
          disabled={!editable}
        />
        <ConfigSelect
          form={form}
          name={`${base}.sample`}
          label="Sample Rate"
          choices={audioValueChoices(OFFERED_SAMPLE, config.sample)}
          disabled={!editable}
        />
      </FieldGrid>
      <ConfigCheckboxGroup
        form={form}
        name={`${base}.selected_channels`}
        label="Channels"
        choices={audioChannelChoices(entitlements)}
        disabled={!editable}
        hint={`Up to ${perEncoder} channels`}
      />
      <FieldGrid>
        <ConfigSwitch form={form} name={`${base}.active`} label="Active" disabled={!editable} />
        {(supportsFeature(device, 'retry') || config.enable_retry !== undefined) && (
          <ConfigSwitch form={form} name={`${base}.enable_retry`} label="Retry" disabled={!editable} />
        )}
      </FieldGrid>
    </Stack>
  );
}
