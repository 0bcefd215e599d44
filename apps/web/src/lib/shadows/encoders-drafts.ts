import {
  AUDIO_CODECS,
  audioEncoderConfigSchema,
  type DATA_TYPES,
  dataEncoderConfigSchema,
  type EncoderType,
  encoderSchema,
  videoEncoderConfigSchema,
} from '@ec/contract/shadow-documents/encoders';
import { entriesOf } from '@ec/contract/shadow-documents/fields';
import { type DeviceSoftware, supportsFeature } from '@ec/contract/version-gates';
import { newEntryId } from './new-entry-id';

/**
 * One encoder as the Encoders tab edits it (spec 3 §3.3): what a set sends, and `new` for an encoder
 * the device has not created yet (a temporary id, spec 3 §4.1). What the device writes (status,
 * current bitrate) stays on the reported side.
 */
export interface EncoderDraft {
  id: number | string;
  new?: true;
  type: string;
  config: Record<string, unknown>;
}

export interface EncodersFormValues {
  encoders: EncoderDraft[];
}

export type CreatableEncoderType = Exclude<EncoderType, 'sync_group'>;
export type DataType = (typeof DATA_TYPES)[number];

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * The reported encoders as drafts. An encoder the contract reads gets its defaults filled; one it does
 * not is shown as the device sent it, so the form names what is wrong. Keys this console does not know
 * stay in the config and go back to the device unchanged.
 */
export function encoderDraftsOf(state: unknown): EncoderDraft[] {
  return entriesOf(state, 'encoders').map((raw, index) => {
    const parsed = encoderSchema.safeParse(raw);
    const id = typeof raw.id === 'number' || typeof raw.id === 'string' ? raw.id : index;
    return {
      id,
      type: typeof raw.type === 'string' ? raw.type : 'unknown',
      config: { ...record(raw.config), ...(parsed.success ? parsed.data.config : {}) },
    };
  });
}

/** The set sent on Save (spec 3 §4.1): the whole list as {id, type, config}, id false for a new one. */
export function encodersSetState(drafts: readonly EncoderDraft[]) {
  return {
    encoders: drafts.map((draft) => ({
      id: draft.new ? false : draft.id,
      type: draft.type,
      config: draft.config,
    })),
  };
}

export interface NewEncoderContext {
  device: DeviceSoftware;
  /** The input a new video encoder starts on. */
  firstInputId: number;
  /** The codec a new audio encoder starts with: the first one the device offers. */
  audioCodec: string;
}

/** The data type's config: a new type drops splice_duration and in_channel_id (spec 3 §4.1). */
export function withDataType(config: Record<string, unknown>, dataType: DataType): Record<string, unknown> {
  const { splice_duration: _splice, in_channel_id: _channel, ...rest } = config;
  return { ...rest, data_type: dataType, ...(dataType === 'smpte2038' ? { in_channel_id: -1 } : {}) };
}

/**
 * The config a new encoder of `type` starts with: the contract's defaults (spec 3 §3.3, §9), the
 * version-gated fields where the daemon has them, retry on for new encoders from daemon v11.2.0.
 */
export function newEncoderConfig(
  type: CreatableEncoderType,
  name: string,
  context: NewEncoderContext,
  dataType: DataType = 'klv_sync',
): Record<string, unknown> {
  const { device } = context;
  const retry = supportsFeature(device, 'retry') ? { enable_retry: true } : {};
  if (type === 'video')
    return {
      ...videoEncoderConfigSchema.parse({
        name,
        in_channel_id: context.firstInputId,
        selected_codec: 'H264',
        bitrate_mode: 'constant',
        latency_mode: 'NORMAL',
      }),
      sync_group_id: null,
      klv_timestamp_enabled: false,
      ...(supportsFeature(device, 'captionProcessing') ? { cc_processing_enabled: false } : {}),
      ...(supportsFeature(device, 'cloudBackpressure') ? { allow_outputs_to_adjust_bitrate: false } : {}),
      ...retry,
    };
  if (type === 'audio') {
    const codec = (AUDIO_CODECS as readonly string[]).includes(context.audioCodec)
      ? context.audioCodec
      : AUDIO_CODECS[0];
    return { ...audioEncoderConfigSchema.parse({ name, codec }), ...retry };
  }
  return withDataType(dataEncoderConfigSchema.parse({ name, data_type: dataType }), dataType);
}

export function newEncoderDraft(
  type: CreatableEncoderType,
  name: string,
  context: NewEncoderContext,
  dataType?: DataType,
): EncoderDraft {
  return { id: newEntryId(), new: true, type, config: newEncoderConfig(type, name, context, dataType) };
}

/** Picking H.265 forces the H.264 profile to High (spec 3 §4.1): what else changes with the codec. */
export const videoCodecChanges = (codec: unknown): Record<string, unknown> =>
  codec === 'H265' ? { h264_profile: 'HIGH' } : {};
