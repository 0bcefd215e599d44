import { entitlementNumber, entitlementRange } from '@ec/contract/entitlements/entitlement-gates';
import {
  AUDIO_MAX_CHANNELS_DEFAULT,
  audioEncoderConfigSchema,
  keyframeRange,
  VIDEO_BITRATE_RANGE,
} from '@ec/contract/shadow-documents/encoders';
import { type DeviceSoftware, supportsFeature } from '@ec/contract/version-gates';
import { type Choice, withCurrent } from '../../../lib/shadows/choices';
import {
  AUDIO_BITRATE_MODE_CHOICES,
  audioBitrateChoices,
  audioChannelChoices,
  audioCodecChoices,
  audioValueChoices,
  DATA_TYPE_CHOICES,
  H264_PROFILE_CHOICES,
  H265_PROFILE_CHOICES,
  KEYFRAME_UNIT_CHOICES,
  latencyChoices,
  NO_INPUT_CHOICE,
  resolutionChoices,
  VIDEO_CODEC_CHOICES,
  videoBitrateModeChoices,
} from '../../../lib/shadows/encoders-choices';
import { type DataType, videoCodecChanges, withDataType } from '../../../lib/shadows/encoders-drafts';
import type { InputOption } from '../../../lib/shadows/inputs-drafts';

/**
 * How the Encoders tab shows each encoder type's settings (spec 3 §3.3, §4.1, §5, §9), as the Outputs
 * tab does with outputs-field-specs: each type's fields in groups (a grid each), with their labels,
 * choices, hints and when they apply. Fields and defaults come from the contract.
 */

/** What an encoder's fields depend on: its config as edited and the device around it. */
export interface EncoderFieldContext {
  config: Record<string, unknown>;
  device: DeviceSoftware;
  entitlements: Readonly<Record<string, unknown>>;
  inputs: readonly InputOption[];
  /** The video encoders the device has (for a sync group) and its sync groups (for a video encoder). */
  videoEncoders: readonly Choice[];
  syncGroups: readonly Choice[];
  /** Not created on the device yet. */
  isNew: boolean;
  /** The device creates and removes encoders (spec 3 §9). */
  dynamic: boolean;
  editable: boolean;
}

type Computed<T> = (context: EncoderFieldContext) => T;

interface BaseSpec {
  /** The field's path inside the encoder's config. */
  name: string;
  label: string;
  /** Shown only while this holds. */
  when?: Computed<boolean>;
  hint?: Computed<string | undefined>;
  /** Read-only even where the user may edit. */
  locked?: Computed<boolean>;
}

export type EncoderFieldSpec =
  | (BaseSpec & { kind: 'text' | 'number' | 'switch' })
  | (BaseSpec & { kind: 'checks'; choices: Computed<readonly Choice[]> })
  | (BaseSpec & {
      kind: 'select';
      choices: Computed<readonly Choice[]>;
      /** A first option that stands for null (no sync group). */
      none?: string;
      /** The config after a pick, where other fields go with the value (H.265 forces High). */
      afterPick?: (config: Record<string, unknown>, value: unknown) => Record<string, unknown>;
    });

/** Said under Limit to 30 FPS on daemons from v9.0.5 (spec 3 §9), while it is on. */
export const LIMIT_TO_30_FPS_WARNING = 'Inputs faster than 30 fps are encoded at a reduced frame rate.';

const { mix_mode: OFFERED_MIX_MODE, sample: OFFERED_SAMPLE } = audioEncoderConfigSchema.parse({
  name: '',
  codec: 'mpeg4_aac',
});

/** A setting of newer daemons: shown where the daemon has it or the device already reports it. */
const gated =
  (gate: Parameters<typeof supportsFeature>[1], field: string): Computed<boolean> =>
  ({ device, config }) =>
    supportsFeature(device, gate) || config[field] !== undefined;

const NAME: EncoderFieldSpec = { kind: 'text', name: 'name', label: 'Name' };
const ACTIVE: EncoderFieldSpec = { kind: 'switch', name: 'active', label: 'Active' };
const RETRY: EncoderFieldSpec = {
  kind: 'switch',
  name: 'enable_retry',
  label: 'Retry',
  when: gated('retry', 'enable_retry'),
};
const INPUT_OR_NONE: EncoderFieldSpec = {
  kind: 'select',
  name: 'in_channel_id',
  label: 'Input',
  choices: ({ inputs, config }) => withCurrent([NO_INPUT_CHOICE, ...inputs], config.in_channel_id),
};
const LATENCY: EncoderFieldSpec = {
  kind: 'select',
  name: 'latency_mode',
  label: 'Latency Mode',
  choices: ({ device, config }) => latencyChoices(device, config.latency_mode),
};
const KEYFRAMES: EncoderFieldSpec[] = [
  {
    kind: 'number',
    name: 'keyframe_interval',
    label: 'Keyframe Interval',
    hint: ({ config, entitlements }) => {
      const range = keyframeRange(config.keyframe_unit, entitlements);
      return `${range.min} to ${range.max} ${config.keyframe_unit === 'FRAMES' ? 'frames' : 'ms'}`;
    },
  },
  { kind: 'select', name: 'keyframe_unit', label: 'Keyframe Unit', choices: () => KEYFRAME_UNIT_CHOICES },
];

const h265 = (config: Record<string, unknown>) => config.selected_codec === 'H265';

const VIDEO: EncoderFieldSpec[][] = [
  [
    NAME,
    {
      kind: 'select',
      name: 'in_channel_id',
      label: 'Input',
      choices: ({ inputs, config }) => withCurrent(inputs, config.in_channel_id),
    },
    {
      kind: 'select',
      name: 'scaling_resolution',
      label: 'Scaling Resolution',
      choices: ({ device, inputs, config }) =>
        resolutionChoices(
          device,
          inputs.find((option) => option.value === config.in_channel_id)?.rotation,
          config.scaling_resolution,
        ),
    },
    {
      kind: 'select',
      name: 'selected_codec',
      label: 'Codec',
      choices: ({ config }) => withCurrent(VIDEO_CODEC_CHOICES, config.selected_codec),
      afterPick: (config, codec) => ({ ...config, ...videoCodecChanges(codec) }),
    },
    {
      kind: 'select',
      name: 'h264_profile',
      label: 'H.264 Profile',
      choices: ({ config }) => withCurrent(H264_PROFILE_CHOICES, config.h264_profile),
      locked: ({ config }) => h265(config),
      hint: ({ config }) => (h265(config) ? 'High while the codec is H.265' : undefined),
    },
    {
      kind: 'select',
      name: 'h265_profile',
      label: 'H.265 Profile',
      choices: ({ config }) => withCurrent(H265_PROFILE_CHOICES, config.h265_profile),
      when: ({ config }) => h265(config),
    },
    {
      kind: 'select',
      name: 'bitrate_mode',
      label: 'Encoding Mode',
      choices: ({ device, config }) => videoBitrateModeChoices(device, config.bitrate_mode),
    },
    {
      kind: 'number',
      name: 'bitrate',
      label: 'Bitrate (kbps)',
      hint: ({ entitlements }) => {
        const range = entitlementRange(entitlements, 'daemon.encoders.video.bitrate') ?? VIDEO_BITRATE_RANGE;
        return `${range.min} to ${range.max} kbps`;
      },
    },
    ...KEYFRAMES,
    LATENCY,
    {
      kind: 'select',
      name: 'sync_group_id',
      label: 'Sync Group',
      none: 'None',
      choices: ({ syncGroups, config }) => withCurrent(syncGroups, config.sync_group_id),
    },
  ],
  [
    ACTIVE,
    {
      kind: 'switch',
      name: 'limit_to_30_fps',
      label: 'Limit to 30 FPS',
      hint: ({ config, device }) =>
        config.limit_to_30_fps === true && supportsFeature(device, 'limitTo30FpsWarning')
          ? LIMIT_TO_30_FPS_WARNING
          : undefined,
    },
    { kind: 'switch', name: 'klv_timestamp_enabled', label: 'KLV Timestamp' },
    {
      kind: 'switch',
      name: 'cc_processing_enabled',
      label: 'Closed Caption Processing',
      when: gated('captionProcessing', 'cc_processing_enabled'),
    },
    RETRY,
    {
      kind: 'switch',
      name: 'allow_outputs_to_adjust_bitrate',
      label: 'Allow Outputs to Adjust Bitrate',
      when: gated('cloudBackpressure', 'allow_outputs_to_adjust_bitrate'),
      hint: () => 'Only with Variable Bitrate',
    },
  ],
];

/** The codec changes only on a new encoder where the device creates and removes encoders. */
const codecFixed: Computed<boolean> = ({ dynamic, isNew }) => dynamic && !isNew;

const AUDIO: EncoderFieldSpec[][] = [
  [
    NAME,
    INPUT_OR_NONE,
    {
      kind: 'select',
      name: 'codec',
      label: 'Codec',
      choices: ({ device, entitlements, config }) => audioCodecChoices(device, entitlements, config.codec),
      locked: codecFixed,
      hint: (context) =>
        context.editable && codecFixed(context) ? 'Create a new audio encoder for another codec' : undefined,
    },
    {
      kind: 'select',
      name: 'bitrate_mode',
      label: 'Encoding Mode',
      choices: ({ config }) => withCurrent(AUDIO_BITRATE_MODE_CHOICES, config.bitrate_mode),
    },
    {
      kind: 'select',
      name: 'bitrate',
      label: 'Bitrate',
      choices: ({ config }) => audioBitrateChoices(config.codec, config.bitrate),
    },
    {
      kind: 'select',
      name: 'mix_mode',
      label: 'Mix Mode',
      choices: ({ config }) => audioValueChoices(OFFERED_MIX_MODE, config.mix_mode),
    },
    {
      kind: 'select',
      name: 'sample',
      label: 'Sample Rate',
      choices: ({ config }) => audioValueChoices(OFFERED_SAMPLE, config.sample),
    },
  ],
  [
    {
      kind: 'checks',
      name: 'selected_channels',
      label: 'Channels',
      choices: ({ entitlements }) => audioChannelChoices(entitlements),
      hint: ({ entitlements }) =>
        `Up to ${entitlementNumber(entitlements, 'daemon.encoders.audio.max_channels') ?? AUDIO_MAX_CHANNELS_DEFAULT} channels`,
    },
  ],
  [ACTIVE, RETRY],
];

const SYNC_GROUP: EncoderFieldSpec[][] = [
  [
    NAME,
    LATENCY,
    ...KEYFRAMES,
    {
      kind: 'select',
      name: 'in_channel_id',
      label: 'Input',
      choices: ({ inputs, config }) => withCurrent(inputs, config.in_channel_id),
      when: ({ config }) => config.in_channel_id !== undefined,
    },
  ],
  [
    {
      kind: 'checks',
      name: 'video_encoder_ids',
      label: 'Video Encoders',
      choices: ({ videoEncoders }) => videoEncoders,
    },
  ],
  [{ kind: 'switch', name: 'limit_to_30_fps', label: 'Limit to 30 FPS' }],
];

const DATA: EncoderFieldSpec[][] = [
  [
    NAME,
    {
      kind: 'select',
      name: 'data_type',
      label: 'Data Type',
      choices: ({ config }) => withCurrent(DATA_TYPE_CHOICES, config.data_type),
      // Another data type drops the settings of the previous one.
      afterPick: (config, dataType) => withDataType(config, dataType as DataType),
    },
    { ...INPUT_OR_NONE, when: ({ config }) => config.data_type === 'smpte2038' },
  ],
];

/** Each encoder type's fields, in groups; a type missing here is not supported by this console. */
export const ENCODER_FIELDS: Readonly<Record<string, EncoderFieldSpec[][]>> = {
  video: VIDEO,
  audio: AUDIO,
  sync_group: SYNC_GROUP,
  data: DATA,
};
