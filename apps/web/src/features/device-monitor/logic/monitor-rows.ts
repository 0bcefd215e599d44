import { encoderStatusText } from '@ec/contract/shadow-documents/encoders';
import { configOf, entriesOf } from '@ec/contract/shadow-documents/fields';
import { type StatusTone, shadowRegistry } from '@ec/contract/shadow-registry';
import type { Shadow } from '@ec/contract/shadows';
import type { OutputForStatus } from '@ec/contract/streaming-status';
import { audioDetectedText } from '../../../components/shadows/inputs-signal';
import { encoderTypeLabel } from '../../../lib/shadows/encoders-choices';
import { videoFormatText } from '../../../lib/shadows/inputs-labels';
import { decodeHtml, outputTypeLabel } from '../../../lib/shadows/outputs-display';

/** The monitor's input and encoder tables show at most 100 rows (spec 2 §9); outputs likewise. */
export const MONITOR_ROW_LIMIT = 100;

/** The three reported documents the monitor view reads. */
export const MONITOR_SHADOWS = ['Inputs', 'Encoders', 'Outputs'] as const;
export type MonitorShadow = (typeof MONITOR_SHADOWS)[number];

export interface InputRow {
  key: string;
  name: string;
  channel: string;
  format: { text: string; error: boolean };
  audio: string;
}

export interface EncoderRow {
  key: string;
  name: string;
  type: string;
  status: { text: string; tone: StatusTone };
  resolution: string;
  bitrate: string;
}

export interface OutputRow {
  key: string;
  name: string;
  type: string;
  enabled: boolean;
  status: { text: string; tone: StatusTone };
  message: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const keyOf = (entry: Record<string, unknown>, index: number) =>
  typeof entry.id === 'number' || typeof entry.id === 'string' ? String(entry.id) : `#${index}`;
/** What the device reports of a document: its reported state, or null when it has none. */
export const reportedState = (shadow: Shadow | null | undefined) => shadow?.reported?.state ?? null;

/** The inputs as the device reports them: video format (FORMAT_UNDEFINED an error) and audio detected. */
export function inputRows(state: unknown): InputRow[] {
  return entriesOf(state, 'inputs')
    .slice(0, MONITOR_ROW_LIMIT)
    .map((input, index) => ({
      key: keyOf(input, index),
      name: decodeHtml(text(configOf(input).name)) || `Input ${keyOf(input, index)}`,
      channel: typeof input.hw_channel === 'number' ? String(input.hw_channel) : '',
      format: videoFormatText(input.video_input_format),
      audio: audioDetectedText(input.audio_input_detected, false),
    }));
}

/** The picture or sound an encoder makes: its scaling resolution, or its channel count. */
function encoderResolution(encoder: Record<string, unknown>): string {
  const config = configOf(encoder);
  if (encoder.type === 'video') return text(config.scaling_resolution) || 'passthrough';
  if (encoder.type === 'audio' && Array.isArray(config.selected_channels))
    return `${config.selected_channels.length} channels`;
  return '';
}

/** The encoders with the contract's status text (spec 2 §4.3) and the bitrate the device measures now. */
export function encoderRows(state: unknown): EncoderRow[] {
  return entriesOf(state, 'encoders')
    .slice(0, MONITOR_ROW_LIMIT)
    .map((encoder, index) => ({
      key: keyOf(encoder, index),
      name: decodeHtml(text(configOf(encoder).name)) || `Encoder ${keyOf(encoder, index)}`,
      type: encoderTypeLabel(text(encoder.type)),
      status: encoderStatusText(encoder),
      resolution: encoderResolution(encoder),
      bitrate: typeof encoder.current_bitrate === 'number' ? `${encoder.current_bitrate} kbps` : '',
    }));
}

/** The outputs with the Output Status label of spec 2 §4.3 and the device's own status message. */
export function outputRows(state: unknown): OutputRow[] {
  return entriesOf(state, 'outputs')
    .slice(0, MONITOR_ROW_LIMIT)
    .map((entry, index) => {
      const output = entry as OutputForStatus;
      return {
        key: keyOf(entry, index),
        name: decodeHtml(text(configOf(entry).name)) || `Output ${keyOf(entry, index)}`,
        type: outputTypeLabel(text(entry.type)),
        enabled: output.config?.enable === true,
        status: shadowRegistry.Outputs.entryStatus(entry),
        message: text(output.status?.status_message),
      };
    });
}

const LIST_KEYS = { Inputs: 'inputs', Encoders: 'encoders', Outputs: 'outputs' } as const;

export type MonitorCompleteness = 'no-state' | 'incomplete' | 'complete';

/**
 * The device page's error states (spec 2 §2.5): 'This device has no state' when the device never
 * reported its state; 'incomplete state' when it did but one of its Inputs, Encoders or Outputs
 * documents has no reported state (or a state without its list).
 */
export function monitorCompleteness(
  hasState: boolean,
  shadows: Readonly<Record<MonitorShadow, Shadow | null>>,
): MonitorCompleteness {
  if (!hasState) return 'no-state';
  return missingShadows(shadows).length > 0 ? 'incomplete' : 'complete';
}

/** The shadows a monitor reads that lack a reported list, named for the 'incomplete state' notice. */
export function missingShadows(shadows: Readonly<Record<MonitorShadow, Shadow | null>>): MonitorShadow[] {
  return MONITOR_SHADOWS.filter((name) => !Array.isArray(reportedState(shadows[name])?.[LIST_KEYS[name]]));
}
