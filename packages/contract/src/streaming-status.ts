/**
 * Streaming status numbers (spec 2 §4.1). The list and cards colour 1 green, 0 red, 2 orange, 3 grey.
 * 0 some enabled output is not streaming; 1 at least one output streams; 2 outputs exist and none
 * stream; 3 no non-streaming outputs; 4 device offline; 5 no state.
 */
export const STREAMING_STATUS = {
  error: 0,
  streaming: 1,
  notStreaming: 2,
  notConfigured: 3,
  offline: 4,
  noState: 5,
} as const;
export const STREAMING_STATUSES = [0, 1, 2, 3, 4, 5] as const;
export type StreamingStatus = (typeof STREAMING_STATUSES)[number];

export interface OutputForStatus {
  type?: string;
  config?: { enable?: boolean; service_data?: unknown };
  status?: { status_code?: string | null; status_message?: string | null } | null;
  status_code?: string | null;
}

const STREAMING_CODES = new Set(['STREAM_RUNNING', 'RUNNING']);

/** An output streams only when its status code says so; without a code it follows enable. */
export function isOutputStreaming(output: OutputForStatus): boolean {
  const code = output.status?.status_code ?? output.status_code;
  if (code) return STREAMING_CODES.has(code);
  return output.config?.enable === true;
}

/** RTMP and HTTP push count as configured past 30 characters of service data, WHIP past 14. */
const CONFIGURED_ABOVE: Record<string, number> = { rtmp: 30, http_push: 30, whip: 14 };

export function isOutputConfigured(output: OutputForStatus): boolean {
  const above = output.type ? CONFIGURED_ABOVE[output.type] : undefined;
  if (above === undefined) return true;
  const data = output.config?.service_data;
  return typeof data === 'string' && data.length > above;
}

export const OUTPUT_STATUS_LABELS = {
  notConfigured: 'Not Configured',
  notEnabled: 'Not Enabled',
  enabled: 'Enabled',
  notStreaming: 'Not Streaming',
} as const;

/**
 * The Output Status column (spec 2 §4.3): Not Configured, Not Enabled, the device's status_message,
 * Enabled or Not Streaming; a warning when enabled but not streaming or not fully configured.
 */
export function outputStatusLabel(output: OutputForStatus): { label: string; warning: boolean } {
  const enabled = output.config?.enable === true;
  const streaming = isOutputStreaming(output);
  const configured = isOutputConfigured(output);
  const warning = enabled && (!streaming || !configured);
  if (!configured) return { label: OUTPUT_STATUS_LABELS.notConfigured, warning };
  if (!enabled) return { label: OUTPUT_STATUS_LABELS.notEnabled, warning };
  const message = output.status?.status_message;
  if (message) return { label: message, warning };
  return { label: streaming ? OUTPUT_STATUS_LABELS.enabled : OUTPUT_STATUS_LABELS.notStreaming, warning };
}

export function computeStreamingStatus(input: {
  online: boolean;
  hasState: boolean;
  outputs: readonly OutputForStatus[] | null;
}): StreamingStatus {
  if (!input.hasState) return STREAMING_STATUS.noState;
  if (!input.online) return STREAMING_STATUS.offline;
  const outputs = (input.outputs ?? []).filter((o) => o.type !== 'thumbnail');
  if (outputs.some((o) => o.config?.enable === true && !isOutputStreaming(o))) return STREAMING_STATUS.error;
  if (outputs.some(isOutputStreaming)) return STREAMING_STATUS.streaming;
  if (outputs.length > 0) return STREAMING_STATUS.notStreaming;
  return STREAMING_STATUS.notConfigured;
}

export type StreamingLabelTone = 'success' | 'error' | 'warning' | 'default';

/** The label's order of precedence (spec 2 §4.2). */
export function streamingStatusLabel(input: {
  loading?: boolean;
  hasError?: boolean;
  alertCount?: number;
  status: StreamingStatus | null;
}): { label: string; tone: StreamingLabelTone } {
  if ((input.alertCount ?? 0) > 0) return { label: 'Device Alerts', tone: 'error' };
  if (input.hasError) return { label: 'State Unknown', tone: 'error' };
  if (input.loading || input.status === null) return { label: 'Unknown', tone: 'default' };
  switch (input.status) {
    case STREAMING_STATUS.offline:
      return { label: 'Device Offline', tone: 'default' };
    case STREAMING_STATUS.error:
      return { label: 'Error Streaming', tone: 'error' };
    case STREAMING_STATUS.streaming:
      return { label: 'Streaming', tone: 'success' };
    case STREAMING_STATUS.notStreaming:
      return { label: 'Not Streaming', tone: 'warning' };
    case STREAMING_STATUS.notConfigured:
      return { label: 'Not Configured', tone: 'default' };
    default:
      return { label: 'Unknown', tone: 'default' };
  }
}
