import { isDeepStrictEqual } from 'node:util';
import { ENCODER_STATUSES } from '@ec/contract/shadow-documents/encoders';
import { configOf, entriesOf } from '@ec/contract/shadow-documents/fields';
import { FORMAT_UNDEFINED } from '@ec/contract/shadow-documents/inputs';
import {
  ENCODER_REQUIRED_TYPES,
  OUTPUT_STATUSES,
  type OutputStatus,
} from '@ec/contract/shadow-documents/outputs';
import { destinationHost, isReachable } from './destinations.ts';
import type { ShadowState } from './initial-shadows.ts';
import { type InputSignal, inputStatus } from './input-signals.ts';

type Entry = Record<string, unknown>;

/**
 * What a simulated encoder writes beside the configuration it was given: each input's format, each
 * encoder's status and bitrate, each output's status, all following from the configuration and from
 * what is plugged into the inputs. Versions are not this module's concern: a status is not a setting.
 */
export interface DerivedDocuments {
  Inputs: ShadowState;
  Encoders: ShadowState;
  Outputs: ShadowState;
}

const withList = (document: ShadowState, key: string, entries: Entry[]): ShadowState => ({
  ...document,
  [key]: entries,
});

export function withInputStatus(
  inputs: ShadowState,
  signalOf: (hwChannel: number) => InputSignal,
): ShadowState {
  return withList(
    inputs,
    'inputs',
    entriesOf(inputs, 'inputs').map((input) => {
      const channel = typeof input.hw_channel === 'number' ? input.hw_channel : -1;
      return { ...input, ...inputStatus(configOf(input), signalOf(channel)) };
    }),
  );
}

/** How far below its target a video encoder runs, by bitrate mode: strict CBR holds it exactly. */
const BITRATE_SHARE: Record<string, number> = { constant: 0.985, constant_strict: 1, variable: 0.92 };

function encoderStatus(encoder: Entry, inputsById: Map<unknown, Entry>) {
  const config = configOf(encoder);
  if (config.active === false) return { status: ENCODER_STATUSES.idle, active: false, current_bitrate: 0 };
  const input = inputsById.get(config.in_channel_id);
  const signal =
    encoder.type === 'audio'
      ? input?.audio_input_detected === true
      : input !== undefined && input.video_input_format !== FORMAT_UNDEFINED;
  if (!signal) return { status: ENCODER_STATUSES.noInput, active: false, current_bitrate: 0 };
  const bitrate = typeof config.bitrate === 'number' ? config.bitrate : 0;
  const share = encoder.type === 'video' ? (BITRATE_SHARE[String(config.bitrate_mode)] ?? 1) : 1;
  return { status: ENCODER_STATUSES.running, active: true, current_bitrate: Math.round(bitrate * share) };
}

/**
 * Encoder statuses (spec 2 §4.3): IDLE when not active; NO_INPUT when its input has no video (audio
 * encoders: no audio); otherwise RUNNING at about its configured bitrate. Data encoders run whenever
 * they exist; a sync group runs while one of its video encoders does.
 */
export function withEncoderStatus(encoders: ShadowState, inputs: ShadowState): ShadowState {
  const inputsById = new Map(entriesOf(inputs, 'inputs').map((input) => [input.id, input]));
  const media = entriesOf(encoders, 'encoders').map((encoder) =>
    encoder.type === 'video' || encoder.type === 'audio'
      ? { ...encoder, ...encoderStatus(encoder, inputsById) }
      : encoder,
  );
  const running = new Set(
    media.filter((encoder) => encoder.status === ENCODER_STATUSES.running).map((encoder) => encoder.id),
  );
  return withList(
    encoders,
    'encoders',
    media.map((encoder) => {
      if (encoder.type === 'data') return { ...encoder, status: ENCODER_STATUSES.running, active: true };
      if (encoder.type !== 'sync_group') return encoder;
      const members = configOf(encoder).video_encoder_ids;
      const on = Array.isArray(members) && members.some((id) => running.has(id));
      return { ...encoder, status: on ? ENCODER_STATUSES.running : ENCODER_STATUSES.idle, active: on };
    }),
  );
}

const LOCAL_TYPES = new Set(['file', 'thumbnail']);
const RUNNING_CODES = new Set<string | null>([
  OUTPUT_STATUSES.streaming.status_code,
  OUTPUT_STATUSES.running.status_code,
]);

/**
 * The status an output settles at (spec 2 §4.1, §4.3), checked in this order: disabled, its video
 * encoders (missing or not active; without an input signal), its destination (see `isReachable`);
 * then it streams, or runs for a local recording or preview.
 */
export function settledOutputStatus(output: Entry, encodersById: Map<unknown, Entry>): OutputStatus {
  const config = configOf(output);
  if (config.enable !== true) return OUTPUT_STATUSES.notEnabled;
  if ((ENCODER_REQUIRED_TYPES as readonly unknown[]).includes(output.type)) {
    const sources = (config.sources ?? {}) as { video?: unknown };
    const video = Array.isArray(sources.video) ? sources.video.map((id) => encodersById.get(id)) : [];
    if (video.length === 0 || video.some((encoder) => !encoder || encoder.status === ENCODER_STATUSES.idle))
      return OUTPUT_STATUSES.encoderInactive;
    if (video.some((encoder) => encoder?.status !== ENCODER_STATUSES.running)) return OUTPUT_STATUSES.noInput;
  }
  const host = destinationHost(output.type, config);
  if (host !== null && !isReachable(host)) return OUTPUT_STATUSES.remoteUnreachable;
  return LOCAL_TYPES.has(String(output.type)) ? OUTPUT_STATUSES.running : OUTPUT_STATUSES.streaming;
}

/** Output statuses; an output in `starting` that is about to run says so until its start is over. */
export function withOutputStatus(
  outputs: ShadowState,
  encoders: ShadowState,
  starting: ReadonlySet<unknown>,
): ShadowState {
  const encodersById = new Map(entriesOf(encoders, 'encoders').map((encoder) => [encoder.id, encoder]));
  return withList(
    outputs,
    'outputs',
    entriesOf(outputs, 'outputs').map((output) => {
      const settled = settledOutputStatus(output, encodersById);
      const status =
        starting.has(output.id) && RUNNING_CODES.has(settled.status_code)
          ? OUTPUT_STATUSES.starting
          : settled;
      return { ...output, status: { ...status } };
    }),
  );
}

/** Every derived part of the three documents, from their configurations. */
export function withDerivedStatus(
  documents: DerivedDocuments,
  signalOf: (hwChannel: number) => InputSignal,
  starting: ReadonlySet<unknown> = new Set(),
): DerivedDocuments {
  const Inputs = withInputStatus(documents.Inputs, signalOf);
  const Encoders = withEncoderStatus(documents.Encoders, Inputs);
  return { Inputs, Encoders, Outputs: withOutputStatus(documents.Outputs, Encoders, starting) };
}

/**
 * Outputs that start a stream: about to run though they did not before, or running with a changed
 * configuration (a device restarts an output it reconfigures). One already starting carries on with
 * its start. `before` is the document as it was, `after` the new one with settled statuses.
 */
export function outputsToStart(before: ShadowState, after: ShadowState): unknown[] {
  const previous = new Map(entriesOf(before, 'outputs').map((output) => [output.id, output]));
  return entriesOf(after, 'outputs')
    .filter((output) => {
      const code = (output.status as OutputStatus | undefined)?.status_code ?? null;
      if (!RUNNING_CODES.has(code)) return false;
      const old = previous.get(output.id);
      const oldCode = (old?.status as OutputStatus | undefined)?.status_code;
      if (oldCode === OUTPUT_STATUSES.starting.status_code) return false;
      return !old || oldCode !== code || !isDeepStrictEqual(old.config, output.config);
    })
    .map((output) => output.id);
}
