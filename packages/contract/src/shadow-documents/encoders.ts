import { z } from 'zod';
import { dataEncoderLimitFeature, type LicensedDataType } from '../entitlements/capabilities.ts';
import { entitlementLimit, entitlementNumber, entitlementRange } from '../entitlements/entitlement-gates.ts';
import type { DeviceProduct } from '../products.ts';
import {
  configOf,
  entriesOf,
  entryIdSchema,
  int,
  issue,
  num,
  overLimit,
  rangeIssues,
  type ShadowIssue,
  type ShadowSetContext,
  setEntryIdSchema,
  typedEntry,
  unknownTypeSchema,
} from './fields.ts';

/** Encoders shadow (spec 3 §3.3, §9). */
export const ENCODER_TYPES = ['video', 'audio', 'data', 'sync_group'] as const;
export type EncoderType = (typeof ENCODER_TYPES)[number];
export const VIDEO_CODECS = ['H264', 'H265'] as const;
export const VIDEO_BITRATE_MODES = ['constant', 'variable', 'constant_strict'] as const;
export const H264_PROFILES = ['HIGH', 'MAIN', 'BASELINE'] as const;
export const H265_PROFILES = ['MAIN'] as const;
export const KEYFRAME_UNITS = ['MILLISECONDS', 'FRAMES'] as const;
export const LATENCY_MODES = ['HIGH', 'NORMAL', 'LOW', 'LOWEST'] as const;
export type LatencyMode = (typeof LATENCY_MODES)[number];
/** The latency modes a product's encoder runs (spec 3 §9): edgecaster_max only NORMAL and LOWEST. */
export const PRODUCT_LATENCY_MODES: Record<DeviceProduct, readonly LatencyMode[]> = {
  edgecaster: LATENCY_MODES,
  edgecaster_max: ['NORMAL', 'LOWEST'],
};
const isLatencyMode = (value: unknown): value is LatencyMode => LATENCY_MODES.includes(value as LatencyMode);
export const AUDIO_CODECS = ['mpeg4_aac', 'opus'] as const;
export const AUDIO_BITRATE_MODES = ['constant', 'variable'] as const;
export const DATA_TYPES = ['klv_sync', 'scte35', 'smpte2038'] as const satisfies readonly LicensedDataType[];
export const DATA_TYPE_LABELS: Record<(typeof DATA_TYPES)[number], string> = {
  klv_sync: 'KLV Sync',
  scte35: 'SCTE-35',
  smpte2038: 'SMPTE 2038',
};

export const VIDEO_BITRATE_DEFAULT = 10000;
/** 100 to 50000 kbps unless a licence widens it (daemon.encoders.video.bitrate). */
export const VIDEO_BITRATE_RANGE = { min: 100, max: 50000 } as const;
export const KEYFRAME_INTERVAL_DEFAULT_MS = 1000;
export const SYNC_GROUP_KEYFRAME_INTERVAL_DEFAULT_MS = 2000;
/** Keyframes: 1 to 1000 frames unless a licence changes it, 41 to 16666 ms (spec 3 §5, §9). */
export const KEYFRAME_FRAMES_RANGE = { min: 1, max: 1000 } as const;
export const KEYFRAME_MS_RANGE = { min: 41, max: 16666 } as const;
/** Audio bitrates in kbps; 576 only for AAC (spec 3 §9). */
export const AUDIO_BITRATES = [64, 96, 128, 192, 256, 320, 384, 512] as const;
export const AAC_ONLY_AUDIO_BITRATE = 576;
export const AUDIO_BITRATE_DEFAULT = 128;
export const AUDIO_SELECTED_CHANNELS_DEFAULT = [1, 2];
/** Selectable audio channels per encoder and channels an input shows, unless entitled otherwise. */
export const AUDIO_MAX_CHANNELS_DEFAULT = 6;
export const INPUT_AUDIO_CHANNELS_DEFAULT = 8;

/** Caption processing and strict CBR (v10.2.1), retry (v11.2.0), backpressure (cloud v1.11.0) are optional. */
export const videoEncoderConfigSchema = z.object({
  active: z.boolean().default(true),
  in_channel_id: int(),
  name: z.string(),
  scaling_resolution: z.string().default('passthrough'),
  limit_to_30_fps: z.boolean().default(false),
  selected_codec: z.enum(VIDEO_CODECS),
  bitrate_mode: z.enum(VIDEO_BITRATE_MODES),
  bitrate: num().default(VIDEO_BITRATE_DEFAULT),
  h264_profile: z.enum(H264_PROFILES).default('HIGH'),
  h265_profile: z.enum(H265_PROFILES).default('MAIN'),
  keyframe_interval: num().default(KEYFRAME_INTERVAL_DEFAULT_MS),
  keyframe_unit: z.enum(KEYFRAME_UNITS).default('MILLISECONDS'),
  latency_mode: z.enum(LATENCY_MODES),
  sync_group_id: int().nullable().optional(),
  klv_timestamp_enabled: z.boolean().optional(),
  cc_processing_enabled: z.boolean().optional(),
  enable_retry: z.boolean().optional(),
  allow_outputs_to_adjust_bitrate: z.boolean().optional(),
});

/** enable_retry is written only when present (true by default for new encoders from daemon v11.2.0). */
export const audioEncoderConfigSchema = z.object({
  name: z.string(),
  active: z.boolean().default(true),
  in_channel_id: int().default(-1),
  mix_mode: z.string().default('STEREO'),
  sample: z.string().default('SAMPLE_48_khz'),
  codec: z.enum(AUDIO_CODECS),
  bitrate_mode: z.enum(AUDIO_BITRATE_MODES).default('variable'),
  bitrate: num().default(AUDIO_BITRATE_DEFAULT),
  selected_channels: z.array(int()).default(AUDIO_SELECTED_CHANNELS_DEFAULT),
  enable_retry: z.boolean().optional(),
});

export const syncGroupConfigSchema = z.object({
  video_encoder_ids: z.array(int()).default([]),
  keyframe_interval: num().default(SYNC_GROUP_KEYFRAME_INTERVAL_DEFAULT_MS),
  keyframe_unit: z.enum(KEYFRAME_UNITS).default('MILLISECONDS'),
  latency_mode: z.enum(LATENCY_MODES).default('NORMAL'),
  name: z.string().default('MBR Group'),
  limit_to_30_fps: z.boolean().default(false),
  in_channel_id: int().optional(),
});

/** in_channel_id only for smpte2038 (default -1); splice_duration goes with the data type. */
export const dataEncoderConfigSchema = z.object({
  name: z.string(),
  data_type: z.enum(DATA_TYPES),
  in_channel_id: int().optional(),
  splice_duration: num().optional(),
});

const ENCODER_CONFIG_SCHEMAS = {
  video: videoEncoderConfigSchema,
  audio: audioEncoderConfigSchema,
  data: dataEncoderConfigSchema,
  sync_group: syncGroupConfigSchema,
} as const;

/** What the device reports beside the config. */
const reportedEncoderFields = {
  id: entryIdSchema,
  status: z.string().nullable().optional(),
  current_bitrate: num().nullable().optional(),
  active: z.boolean().optional(),
};

const encoderOf = <T extends EncoderType>(type: T) =>
  z.object({ ...reportedEncoderFields, type: z.literal(type), config: ENCODER_CONFIG_SCHEMAS[type] });
const setEncoderOf = <T extends EncoderType>(type: T) =>
  z.object({ id: setEntryIdSchema, type: z.literal(type), config: ENCODER_CONFIG_SCHEMAS[type] });

/** An encoder of a type this console does not know: kept as it is, shown as not supported. */
const unknownEncoderSchema = z.object({
  ...reportedEncoderFields,
  type: unknownTypeSchema(ENCODER_TYPES),
  config: z.record(z.string(), z.unknown()),
});

export const encoderSchema = typedEntry(
  {
    video: encoderOf('video'),
    audio: encoderOf('audio'),
    data: encoderOf('data'),
    sync_group: encoderOf('sync_group'),
  },
  unknownEncoderSchema,
);
export type Encoder = z.output<typeof encoderSchema>;

export const encodersShadowStateSchema = z.object({ encoders: z.array(encoderSchema) });
export type EncodersShadowState = z.infer<typeof encodersShadowStateSchema>;

export const ENCODER_TYPE_MESSAGE = `Encoder type must be one of ${ENCODER_TYPES.join(', ')}`;

export const encodersSetSchema = z.object({
  encoders: z.array(
    typedEntry(
      {
        video: setEncoderOf('video'),
        audio: setEncoderOf('audio'),
        data: setEncoderOf('data'),
        sync_group: setEncoderOf('sync_group'),
      },
      // A type this console does not know passes only on an encoder the device has: none is created.
      z
        .object({
          id: setEntryIdSchema,
          type: unknownTypeSchema(ENCODER_TYPES),
          config: z.record(z.string(), z.unknown()),
        })
        .refine((encoder) => encoder.id !== false, { path: ['type'], message: ENCODER_TYPE_MESSAGE }),
    ),
  ),
});

export const ALLOW_ADJUST_BITRATE_MESSAGE =
  'Encoding Mode must be Variable Bitrate in order to enable allowing outputs to adjust bitrate.';
export const audioChannelsMessage = (limit: number) => `Only ${limit} channels are allowed per Audio Profile`;
export const audioBitrateMessage = (allowed: readonly number[]) =>
  `Bitrate must be one of ${allowed.join(', ')} kbps`;
/** A latency mode the product's encoder does not run (spec 3 §9). */
export const latencyModeMessage = (product: DeviceProduct) =>
  `Latency Mode must be one of ${PRODUCT_LATENCY_MODES[product].join(', ')} on ${product}`;
export const encoderLimitMessage = (kind: string, limit: number) =>
  `Unable to add another ${kind} encoder. This device is licensed for ${limit} ${kind} encoder instance(s).`;

/** The keyframe interval's bounds for its unit; frames follow the licence (spec 3 §5). */
export function keyframeRange(unit: unknown, entitlements: ShadowSetContext['entitlements']) {
  if (unit === 'FRAMES')
    return (
      entitlementRange(entitlements, 'daemon.encoders.video.keyframe_interval_frames') ??
      KEYFRAME_FRAMES_RANGE
    );
  return KEYFRAME_MS_RANGE;
}

export const audioBitratesFor = (codec: unknown): number[] =>
  codec === 'mpeg4_aac' ? [...AUDIO_BITRATES, AAC_ONLY_AUDIO_BITRATE] : [...AUDIO_BITRATES];

function encoderIssues(encoder: Record<string, unknown>, index: number, context: ShadowSetContext) {
  const config = configOf(encoder);
  const at = (field: string) => ['encoders', index, 'config', field];
  const issues: ShadowIssue[] = [];
  if (encoder.type === 'video') {
    const bitrate =
      entitlementRange(context.entitlements, 'daemon.encoders.video.bitrate') ?? VIDEO_BITRATE_RANGE;
    issues.push(...rangeIssues(at('bitrate'), config.bitrate, bitrate.min, bitrate.max));
    if (config.allow_outputs_to_adjust_bitrate === true && config.bitrate_mode !== 'variable')
      issues.push(issue(at('allow_outputs_to_adjust_bitrate'), ALLOW_ADJUST_BITRATE_MESSAGE));
  }
  if (encoder.type === 'video' || encoder.type === 'sync_group') {
    const range = keyframeRange(config.keyframe_unit, context.entitlements);
    issues.push(...rangeIssues(at('keyframe_interval'), config.keyframe_interval, range.min, range.max));
    // A mode outside LATENCY_MODES is the schema's to refuse; one the product lacks is refused here.
    const latency = config.latency_mode;
    if (isLatencyMode(latency) && !PRODUCT_LATENCY_MODES[context.product].includes(latency))
      issues.push(issue(at('latency_mode'), latencyModeMessage(context.product)));
  }
  if (encoder.type === 'audio') {
    const channels = Array.isArray(config.selected_channels) ? config.selected_channels : [];
    const perEncoder =
      entitlementNumber(context.entitlements, 'daemon.encoders.audio.max_channels') ??
      AUDIO_MAX_CHANNELS_DEFAULT;
    const perInput =
      entitlementNumber(context.entitlements, 'daemon.input.audio.max_channels') ??
      INPUT_AUDIO_CHANNELS_DEFAULT;
    if (channels.length > perEncoder)
      issues.push(issue(at('selected_channels'), audioChannelsMessage(perEncoder)));
    issues.push(
      ...channels.flatMap((channel, position) =>
        rangeIssues([...at('selected_channels'), position], channel, 1, perInput),
      ),
    );
    const allowed = audioBitratesFor(config.codec);
    if (typeof config.bitrate === 'number' && !allowed.includes(config.bitrate))
      issues.push(issue(at('bitrate'), audioBitrateMessage(allowed)));
  }
  return issues;
}

/** The licensed counts of each kind of encoder; sync groups have none. */
function limitIssues(encoders: Record<string, unknown>[], context: ShadowSetContext): ShadowIssue[] {
  const kinds: { label: string; limit: number; of: (e: Record<string, unknown>) => boolean }[] = [
    {
      label: 'video',
      limit: entitlementLimit(context.entitlements, 'daemon.encoders.video.limit'),
      of: (e) => e.type === 'video',
    },
    {
      label: 'audio',
      limit: entitlementLimit(context.entitlements, 'daemon.encoders.audio.limit'),
      of: (e) => e.type === 'audio',
    },
    ...DATA_TYPES.map((dataType) => ({
      label: `${DATA_TYPE_LABELS[dataType]} data`,
      limit: entitlementLimit(context.entitlements, dataEncoderLimitFeature(dataType)),
      of: (e: Record<string, unknown>) => e.type === 'data' && configOf(e).data_type === dataType,
    })),
  ];
  return kinds.flatMap(({ label, limit, of }) =>
    overLimit(encoders.filter(of), limit).map((encoder) =>
      issue(['encoders', encoders.indexOf(encoder)], encoderLimitMessage(label, limit)),
    ),
  );
}

/**
 * Encoders rules (spec 3 §5, §9): bitrates, keyframes, latency modes the product runs, audio channels,
 * licensed instances.
 */
export function encodersSetIssues(state: unknown, context: ShadowSetContext): ShadowIssue[] {
  const encoders = entriesOf(state, 'encoders');
  return [
    ...encoders.flatMap((encoder, index) => encoderIssues(encoder, index, context)),
    ...limitIssues(encoders, context),
  ];
}

export type StatusTone = 'default' | 'success' | 'warning';
/** What a device reports as an encoder's status: RUNNING, IDLE when not active, or a warning. */
export const ENCODER_STATUSES = {
  running: 'RUNNING',
  idle: 'IDLE',
  noInput: 'NO_INPUT',
  unableToEncode: 'UNABLE_TO_ENCODE',
} as const;
export const ENCODER_WARNING_STATUSES = [ENCODER_STATUSES.unableToEncode, ENCODER_STATUSES.noInput] as const;
export const NOT_CREATED = 'Not Created';

/**
 * The Encoder Status column (spec 2 §4.3): Not Created for a new encoder; when RUNNING, resolution @
 * bitrate kbps for video, 'N channels @ bitrate kbps' for audio, Active for data; otherwise the
 * device's status, a warning for UNABLE_TO_ENCODE and NO_INPUT.
 */
export function encoderStatusText(encoder: {
  id?: unknown;
  type?: unknown;
  status?: unknown;
  current_bitrate?: unknown;
  new?: unknown;
  config?: unknown;
}): { text: string; tone: StatusTone } {
  if (encoder.new === true || encoder.id === false) return { text: NOT_CREATED, tone: 'default' };
  const status = typeof encoder.status === 'string' ? encoder.status : '';
  const config = (typeof encoder.config === 'object' && encoder.config) || {};
  const { bitrate, scaling_resolution, selected_channels } = config as Record<string, unknown>;
  const kbps = typeof encoder.current_bitrate === 'number' ? encoder.current_bitrate : bitrate;
  if (status === 'RUNNING') {
    if (encoder.type === 'video')
      return { text: `${String(scaling_resolution ?? 'passthrough')} @ ${kbps} kbps`, tone: 'success' };
    if (encoder.type === 'audio') {
      const count = Array.isArray(selected_channels) ? selected_channels.length : 0;
      return { text: `${count} channels @ ${kbps} kbps`, tone: 'success' };
    }
    return { text: 'Active', tone: 'success' };
  }
  const warning = (ENCODER_WARNING_STATUSES as readonly string[]).includes(status);
  return { text: status || 'Unknown', tone: warning ? 'warning' : 'default' };
}
