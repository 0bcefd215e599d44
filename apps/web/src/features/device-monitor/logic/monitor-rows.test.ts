import { OUTPUT_STATUSES } from '@ec/contract/shadow-documents/outputs';
import type { Shadow } from '@ec/contract/shadows';
import { describe, expect, it } from 'vitest';
import {
  encoderRows,
  inputRows,
  MONITOR_ROW_LIMIT,
  missingShadows,
  monitorCompleteness,
  outputRows,
} from './monitor-rows';

const shadow = (name: Shadow['shadow_name'], state: Record<string, unknown> | null): Shadow => ({
  shadow_name: name,
  reported: { state, current_version: 1, timestamp: '2026-01-01T00:00:00.000Z' },
  requested: null,
});

describe('inputRows', () => {
  it('reads the format, FORMAT_UNDEFINED as an error, and whether audio is heard', () => {
    const rows = inputRows({
      inputs: [
        {
          id: 1,
          hw_channel: 0,
          video_input_format: '1080p59.94',
          audio_input_detected: true,
          config: { name: 'Cam &amp; Mic' },
        },
        {
          id: 2,
          hw_channel: 1,
          video_input_format: 'FORMAT_UNDEFINED',
          audio_input_detected: false,
          config: { name: '' },
        },
      ],
    });
    expect(rows).toEqual([
      {
        key: '1',
        name: 'Cam & Mic',
        channel: '0',
        format: { text: '1080p59.94', error: false },
        audio: 'Detected',
      },
      {
        key: '2',
        name: 'Input 2',
        channel: '1',
        format: { text: 'No Signal', error: true },
        audio: 'Not Detected',
      },
    ]);
  });

  it('keeps at most 100 rows', () => {
    const inputs = Array.from({ length: 130 }, (_, id) => ({ id, config: { name: `In ${id}` } }));
    expect(inputRows({ inputs })).toHaveLength(MONITOR_ROW_LIMIT);
    expect(encoderRows({ encoders: inputs.map((i) => ({ ...i, type: 'data' })) })).toHaveLength(100);
  });
});

describe('encoderRows', () => {
  it('words a running video and audio encoder with the bitrate measured now', () => {
    const rows = encoderRows({
      encoders: [
        {
          id: 3,
          type: 'video',
          status: 'RUNNING',
          current_bitrate: 4800,
          config: { name: 'Main', scaling_resolution: '1920x1080', bitrate: 5000 },
        },
        { id: 4, type: 'audio', status: 'NO_INPUT', config: { name: 'Stereo', selected_channels: [1, 2] } },
      ],
    });
    expect(rows[0]).toMatchObject({
      name: 'Main',
      type: 'Video Encoder',
      status: { text: '1920x1080 @ 4800 kbps', tone: 'success' },
      resolution: '1920x1080',
      bitrate: '4800 kbps',
    });
    expect(rows[1]).toMatchObject({
      type: 'Audio Encoder',
      status: { text: 'NO_INPUT', tone: 'warning' },
      resolution: '2 channels',
      bitrate: '',
    });
  });
});

describe('outputRows', () => {
  it('shows the device’s message for an enabled output and Not Enabled for a disabled one', () => {
    const rows = outputRows({
      outputs: [
        { id: 1, type: 'srt', config: { name: 'SRT', enable: true }, status: OUTPUT_STATUSES.streaming },
        { id: 2, type: 'srt', config: { name: 'Backup', enable: true }, status: OUTPUT_STATUSES.noInput },
        { id: 3, type: 'unicast', config: { name: 'Off', enable: false }, status: null },
      ],
    });
    expect(rows.map((r) => [r.name, r.enabled, r.status, r.message])).toEqual([
      ['SRT', true, { text: 'Streaming', tone: 'success' }, 'Streaming'],
      ['Backup', true, { text: 'No input signal', tone: 'warning' }, 'No input signal'],
      ['Off', false, { text: 'Not Enabled', tone: 'default' }, ''],
    ]);
  });
});

describe('monitorCompleteness', () => {
  const all = {
    Inputs: shadow('Inputs', { inputs: [] }),
    Encoders: shadow('Encoders', { encoders: [] }),
    Outputs: shadow('Outputs', { outputs: [] }),
  };

  it('is no-state without a device state', () => {
    expect(monitorCompleteness(false, all)).toBe('no-state');
  });

  it('is complete when every document reports its list', () => {
    expect(monitorCompleteness(true, all)).toBe('complete');
  });

  it('is incomplete when a document is missing or reports no state', () => {
    const partial = { ...all, Encoders: null, Outputs: shadow('Outputs', null) };
    expect(monitorCompleteness(true, partial)).toBe('incomplete');
    expect(missingShadows(partial)).toEqual(['Encoders', 'Outputs']);
  });
});
