import { entitlementList, entitlementNumber } from '@ec/contract/entitlements/entitlement-gates';
import {
  AUDIO_BITRATE_MODES,
  audioBitratesFor,
  DATA_TYPE_LABELS,
  DATA_TYPES,
  type EncoderType,
  H264_PROFILES,
  H265_PROFILES,
  INPUT_AUDIO_CHANNELS_DEFAULT,
  KEYFRAME_UNITS,
  PRODUCT_LATENCY_MODES,
  VIDEO_BITRATE_MODES,
  VIDEO_CODECS,
} from '@ec/contract/shadow-documents/encoders';
import { PASSTHROUGH_RESOLUTION, scalingResolutions } from '@ec/contract/shadow-documents/video-resolutions';
import { type DeviceSoftware, supportsFeature } from '@ec/contract/version-gates';
import { type Choice, titleCase, withCurrent } from './choices';
import type { CreatableEncoderType } from './encoders-drafts';

type Entitlements = Readonly<Record<string, unknown>>;

export const ENCODER_TYPE_LABELS: Record<EncoderType, string> = {
  video: 'Video Encoder',
  audio: 'Audio Encoder',
  data: 'Data Encoder',
  sync_group: 'Sync Group',
};
export const encoderTypeLabel = (type: string) =>
  (ENCODER_TYPE_LABELS as Record<string, string>)[type] ?? titleCase(type);

/** No input picked: -1, the default of audio and SMPTE 2038 data encoders (spec 3 §3.3). */
export const NO_INPUT_CHOICE: Choice = { value: -1, label: 'None' };

/** Create offers video and audio encoders, data encoders from daemon v10.1.0 (spec 3 §2.3). */
export function createEncoderTypes(device: DeviceSoftware): CreatableEncoderType[] {
  return supportsFeature(device, 'dataEncoders') ? ['video', 'audio', 'data'] : ['video', 'audio'];
}

export const VIDEO_CODEC_CHOICES: Choice[] = VIDEO_CODECS.map((value) => ({
  value,
  label: value === 'H264' ? 'H.264' : 'H.265',
}));
export const H264_PROFILE_CHOICES: Choice[] = H264_PROFILES.map((value) => ({
  value,
  label: titleCase(value),
}));
export const H265_PROFILE_CHOICES: Choice[] = H265_PROFILES.map((value) => ({
  value,
  label: titleCase(value),
}));
export const KEYFRAME_UNIT_CHOICES: Choice[] = KEYFRAME_UNITS.map((value) => ({
  value,
  label: titleCase(value),
}));
export const DATA_TYPE_CHOICES: Choice[] = DATA_TYPES.map((value) => ({
  value,
  label: DATA_TYPE_LABELS[value],
}));

const BITRATE_MODE_LABELS: Record<string, string> = {
  constant: 'Constant Bitrate',
  variable: 'Variable Bitrate',
  constant_strict: 'Strict Constant Bitrate',
};

/** Strict CBR from daemon v10.2.1 (spec 3 §9). */
export function videoBitrateModeChoices(device: DeviceSoftware, current: unknown): Choice[] {
  const modes = VIDEO_BITRATE_MODES.filter(
    (mode) => mode !== 'constant_strict' || supportsFeature(device, 'strictCbr'),
  );
  return withCurrent(
    modes.map((value) => ({ value, label: BITRATE_MODE_LABELS[value] ?? value })),
    current,
  );
}

export const AUDIO_BITRATE_MODE_CHOICES: Choice[] = AUDIO_BITRATE_MODES.map((value) => ({
  value,
  label: BITRATE_MODE_LABELS[value] ?? value,
}));

/** edgecaster_max runs only NORMAL and LOWEST (spec 3 §9). */
export const latencyChoices = (device: DeviceSoftware, current: unknown): Choice[] =>
  withCurrent(
    PRODUCT_LATENCY_MODES[device.product_name].map((value) => ({ value, label: titleCase(value) })),
    current,
  );

/** Passthrough up to 3840x2160, more from daemon v10.3.0, upright sizes for a rotated input. */
export function resolutionChoices(device: DeviceSoftware, rotation: unknown, current: unknown): Choice[] {
  const sizes = scalingResolutions({
    additional: supportsFeature(device, 'additionalResolutions'),
    rotation,
  });
  return withCurrent(
    sizes.map((value) => ({ value, label: value === PASSTHROUGH_RESOLUTION ? 'Passthrough' : value })),
    current,
  );
}

/**
 * Audio codecs (spec 3 §9): MPEG-4 AAC-LC when daemon.encoders.audio.codecs lists MPEG4_AAC_ADTS, Opus
 * when it lists OPUS and the daemon is v10.1.0 or newer.
 */
export function audioCodecChoices(device: DeviceSoftware, entitlements: Entitlements, current: unknown) {
  const licensed = entitlementList(entitlements, 'daemon.encoders.audio.codecs');
  const choices: Choice[] = [
    ...(licensed.includes('MPEG4_AAC_ADTS') ? [{ value: 'mpeg4_aac', label: 'MPEG-4 AAC-LC' }] : []),
    ...(licensed.includes('OPUS') && supportsFeature(device, 'opus')
      ? [{ value: 'opus', label: 'Opus' }]
      : []),
  ];
  return withCurrent(choices, current);
}

/** 64 to 512 kbps, and 576 for AAC (spec 3 §9). */
export const audioBitrateChoices = (codec: unknown, current: unknown): Choice[] =>
  withCurrent(
    audioBitratesFor(codec).map((value) => ({ value, label: `${value} kbps` })),
    current,
  );

const AUDIO_VALUE_LABELS: Record<string, string> = { STEREO: 'Stereo', SAMPLE_48_khz: '48 kHz' };
/** Mix mode and sample rate: the one value devices offer, and whatever a device holds. */
export const audioValueChoices = (offered: string, current: unknown): Choice[] =>
  withCurrent([{ value: offered, label: AUDIO_VALUE_LABELS[offered] ?? offered }], current);

/** The channels an audio encoder may pick from: daemon.input.audio.max_channels, 8 by default. */
export function audioChannelChoices(entitlements: Entitlements): Choice[] {
  const count =
    entitlementNumber(entitlements, 'daemon.input.audio.max_channels') ?? INPUT_AUDIO_CHANNELS_DEFAULT;
  return Array.from({ length: count }, (_, index) => ({ value: index + 1, label: `Channel ${index + 1}` }));
}

export const ENCODER_FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  active: 'Active',
  in_channel_id: 'Input',
  scaling_resolution: 'Scaling Resolution',
  limit_to_30_fps: 'Limit to 30 FPS',
  selected_codec: 'Codec',
  codec: 'Codec',
  bitrate_mode: 'Encoding Mode',
  bitrate: 'Bitrate',
  h264_profile: 'H.264 Profile',
  h265_profile: 'H.265 Profile',
  keyframe_interval: 'Keyframe Interval',
  keyframe_unit: 'Keyframe Unit',
  latency_mode: 'Latency Mode',
  sync_group_id: 'Sync Group',
  klv_timestamp_enabled: 'KLV Timestamp',
  cc_processing_enabled: 'Closed Caption Processing',
  enable_retry: 'Retry',
  allow_outputs_to_adjust_bitrate: 'Allow Outputs to Adjust Bitrate',
  mix_mode: 'Mix Mode',
  sample: 'Sample Rate',
  selected_channels: 'Channels',
  video_encoder_ids: 'Video Encoders',
  data_type: 'Data Type',
};

/** A changed field's name in the notice of a newer version: ['encoders', '2', 'config', 'bitrate']. */
export function encoderFieldLabel(path: string[]): string {
  const [, id, ...rest] = path;
  const field = rest[0] === 'config' ? rest[1] : rest[0];
  const name = field ? (ENCODER_FIELD_LABELS[field] ?? field) : null;
  return name ? `Encoder ${id} › ${name}` : `Encoder ${id}`;
}
