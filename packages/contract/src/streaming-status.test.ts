import { describe, expect, it } from 'vitest';
import {
  computeStreamingStatus,
  outputStatusLabel,
  STREAMING_STATUS,
  streamingStatusLabel,
} from './streaming-status.ts';

const running = { type: 'srt', config: { enable: true }, status: { status_code: 'STREAM_RUNNING' } };
const failing = { type: 'rtmp', config: { enable: true }, status: { status_code: 'STREAM_ERROR' } };
const disabled = { type: 'rtmp', config: { enable: false }, status: { status_code: 'STREAM_STOPPED' } };

describe('computeStreamingStatus (spec 2 §4.1)', () => {
  it('is 5 without state and 4 when offline', () => {
    expect(computeStreamingStatus({ online: true, hasState: false, outputs: [running] })).toBe(5);
    expect(computeStreamingStatus({ online: false, hasState: true, outputs: [running] })).toBe(4);
  });

  it('is 0 when an enabled output does not stream, even if another streams', () => {
    expect(computeStreamingStatus({ online: true, hasState: true, outputs: [running, failing] })).toBe(
      STREAMING_STATUS.error,
    );
  });

  it('is 1 when an output streams, 2 when outputs exist but none stream, 3 with none', () => {
    expect(computeStreamingStatus({ online: true, hasState: true, outputs: [running, disabled] })).toBe(1);
    expect(computeStreamingStatus({ online: true, hasState: true, outputs: [disabled] })).toBe(2);
    expect(computeStreamingStatus({ online: true, hasState: true, outputs: [] })).toBe(3);
  });

  it('ignores thumbnail outputs', () => {
    const thumbnail = { ...failing, type: 'thumbnail' };
    expect(computeStreamingStatus({ online: true, hasState: true, outputs: [thumbnail] })).toBe(3);
  });
});

describe('streamingStatusLabel (spec 2 §4.2)', () => {
  it('puts alerts before everything else', () => {
    expect(streamingStatusLabel({ alertCount: 2, status: 1 })).toEqual({
      label: 'Device Alerts',
      tone: 'error',
    });
  });

  it.each([
    ['a state error', { hasError: true, status: 1 }],
    ['an offline device', { status: 4 }],
    ['an output in error', { status: 0 }],
    ['a device not streaming', { status: 2 }],
    ['a device not configured', { status: 3 }],
    ['a device without state', { status: 5 }],
    ['a device still loading', { loading: true, status: null }],
  ] as const)('reads Device Alerts over %s when one alert is open', (_name, input) => {
    expect(streamingStatusLabel({ ...input, alertCount: 1 }).label).toBe('Device Alerts');
    expect(streamingStatusLabel({ ...input, alertCount: 0 }).label).not.toBe('Device Alerts');
  });

  it('labels each status', () => {
    expect(streamingStatusLabel({ status: 0 }).label).toBe('Error Streaming');
    expect(streamingStatusLabel({ status: 1 }).label).toBe('Streaming');
    expect(streamingStatusLabel({ status: 2 }).label).toBe('Not Streaming');
    expect(streamingStatusLabel({ status: 3 }).label).toBe('Not Configured');
    expect(streamingStatusLabel({ status: 4 }).label).toBe('Device Offline');
    expect(streamingStatusLabel({ status: null }).label).toBe('Unknown');
    expect(streamingStatusLabel({ hasError: true, status: 1 }).label).toBe('State Unknown');
  });
});

describe('outputStatusLabel (spec 2 §4.3)', () => {
  const longData = JSON.stringify({ url: 'rtmp://ingest.example.com/live/key' });
  it.each([
    [
      'an RTMP output with short service data',
      { type: 'rtmp', config: { enable: true, service_data: '{}' } },
      'Not Configured',
      true,
    ],
    [
      'a WHIP output with 14 characters',
      { type: 'whip', config: { enable: false, service_data: 'x'.repeat(14) } },
      'Not Configured',
      false,
    ],
    ['a disabled output', { type: 'srt', config: { enable: false } }, 'Not Enabled', false],
    [
      'the device’s message',
      {
        type: 'rtmp',
        config: { enable: true, service_data: longData },
        status: { status_code: 'ERROR', status_message: 'Can not connect' },
      },
      'Can not connect',
      true,
    ],
    [
      'a streaming output',
      { type: 'srt', config: { enable: true }, status: { status_code: 'STREAM_RUNNING' } },
      'Enabled',
      false,
    ],
    [
      'an enabled output that does not stream',
      { type: 'srt', config: { enable: true }, status: { status_code: 'STOPPED' } },
      'Not Streaming',
      true,
    ],
  ])('%s', (_name, output, label, warning) => {
    expect(outputStatusLabel(output)).toEqual({ label, warning });
  });
});
