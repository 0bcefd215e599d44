import { bitrateMetricName } from '@ec/contract/metrics';
import { ENCODER_STATUSES } from '@ec/contract/shadow-documents/encoders';
import { entriesOf } from '@ec/contract/shadow-documents/fields';
import { FORMAT_UNDEFINED } from '@ec/contract/shadow-documents/inputs';
import { OUTPUT_STATUSES } from '@ec/contract/shadow-documents/outputs';
import type { DerivedDocuments } from './device-status.ts';

type Entry = Record<string, unknown>;

/** What an input carries, in kbps, by its format: the SDI line rate a source of that format needs. */
const LINE_RATES_KBPS: Record<string, number> = {
  '2160p29.97': 5_940_000,
  '1080p59.94': 2_970_000,
  '1080i59.94': 1_485_000,
  '720p60': 1_485_000,
};
const DEFAULT_LINE_RATE_KBPS = 1_485_000;
/** A preview picture of about 20 KB each `interval` seconds. */
const THUMBNAIL_BYTES = 20_000;
const CARRYING_CODES = new Set<string | null>([
  OUTPUT_STATUSES.streaming.status_code,
  OUTPUT_STATUSES.running.status_code,
]);

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Each input's, encoder's and output's bitrate from the current documents: an input with a signal
 * carries its format's line rate; a running encoder its bitrate with a little jitter, otherwise 0; an
 * output that streams (or records, or previews) what its encoders send, and 0 when it is disabled,
 * starting or in error. `jitter` is a factor near 1.
 */
export function bitrates(documents: DerivedDocuments, jitter: () => number): Record<string, number> {
  const metrics: Record<string, number> = {};
  for (const input of entriesOf(documents.Inputs, 'inputs')) {
    const format = input.video_input_format;
    if (typeof format === 'string' && format !== FORMAT_UNDEFINED)
      metrics[bitrateMetricName('input', String(input.id))] =
        LINE_RATES_KBPS[format] ?? DEFAULT_LINE_RATE_KBPS;
  }
  const encoderRates = new Map<unknown, number>();
  for (const encoder of entriesOf(documents.Encoders, 'encoders')) {
    if (encoder.type !== 'video' && encoder.type !== 'audio') continue;
    const running = encoder.status === ENCODER_STATUSES.running;
    const target = typeof encoder.current_bitrate === 'number' ? encoder.current_bitrate : 0;
    const rate = running ? round2(target * jitter()) : 0;
    encoderRates.set(encoder.id, rate);
    metrics[bitrateMetricName('encoder', String(encoder.id))] = rate;
  }
  for (const output of entriesOf(documents.Outputs, 'outputs')) {
    metrics[bitrateMetricName('output', String(output.id))] = outputRate(output, encoderRates);
  }
  return metrics;
}

function outputRate(output: Entry, encoderRates: Map<unknown, number>): number {
  const status = output.status as { status_code?: string | null } | undefined;
  if (!CARRYING_CODES.has(status?.status_code ?? null)) return 0;
  const config = (output.config ?? {}) as { sources?: Record<string, unknown>; interval?: unknown };
  if (output.type === 'thumbnail') {
    const interval = typeof config.interval === 'number' && config.interval > 0 ? config.interval : 5;
    return round2((THUMBNAIL_BYTES * 8) / 1000 / interval);
  }
  const sources = Object.values(config.sources ?? {}).flatMap((ids) => (Array.isArray(ids) ? ids : []));
  return round2(sources.reduce((sum: number, id) => sum + (encoderRates.get(id) ?? 0), 0));
}

/**
 * Plausible readings that drift a little on each sample, with the bitrates of what the encoder runs:
 * the network counts what the outputs sent and a little received in the interval since the last sample.
 */
export function createMetricsSampler(random: () => number, intervalMs: number) {
  const values: Record<string, number> = {
    cpu_percent_used: 35 + random() * 20,
    memory_system_percent_used: 40 + random() * 20,
    thermal_system_temp_current: 55 + random() * 10,
    filesystem_userdata_percent_used: 20 + random() * 30,
  };
  const jitter = () => 0.98 + random() * 0.04;
  return (documents: DerivedDocuments): Record<string, number> => {
    for (const key of Object.keys(values)) values[key] = clamp(values[key]! + (random() - 0.5) * 4, 1, 99);
    const rates = bitrates(documents, jitter);
    const sentKbps = Object.entries(rates)
      .filter(([name]) => name.startsWith('output_'))
      .reduce((sum, [, rate]) => sum + rate, 0);
    const seconds = intervalMs / 1000;
    // Control traffic both ways beside the streams; an SRT caller's acknowledgements come back.
    const sent = Math.round(((sentKbps * 1000) / 8) * seconds + (2_000 + random() * 1_000) * seconds);
    const received = Math.round(
      ((sentKbps * 1000) / 8) * 0.01 * seconds + (3_000 + random() * 1_500) * seconds,
    );
    return {
      ...Object.fromEntries(Object.entries(values).map(([key, value]) => [key, round2(value)])),
      network_bytes_sent: sent,
      network_bytes_received: received,
      ...rates,
    };
  };
}
