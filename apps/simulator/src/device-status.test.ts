import { ENCODER_STATUSES } from '@ec/contract/shadow-documents/encoders';
import { FORMAT_UNDEFINED } from '@ec/contract/shadow-documents/inputs';
import { OUTPUT_STATUSES } from '@ec/contract/shadow-documents/outputs';
import { describe, expect, it } from 'vitest';
import { outputsToStart, withDerivedStatus } from './device-status.ts';
import type { InputSignal } from './input-signals.ts';
import { TEST_PATTERN_FORMAT } from './input-signals.ts';

const sdi: InputSignal = { connector: 'sdi', format: '1080p59.94', audio: true };
const nothing: InputSignal = { connector: null, format: FORMAT_UNDEFINED, audio: false };

const input = (id: number, hw_channel: number, config: Record<string, unknown> = {}) => ({
  id,
  type: 'hardware',
  hw_channel,
  config: {
    name: `Input ${id}`,
    video_input_type: 'input_auto',
    audio_input_type: 'input_embedded',
    ...config,
  },
});
const video = (id: number, config: Record<string, unknown> = {}) => ({
  id,
  type: 'video',
  config: { active: true, in_channel_id: 1, bitrate: 10000, bitrate_mode: 'constant', ...config },
});
const audio = (id: number, config: Record<string, unknown> = {}) => ({
  id,
  type: 'audio',
  config: { active: true, in_channel_id: 1, bitrate: 128, ...config },
});
const output = (id: number, type: string, config: Record<string, unknown> = {}) => ({
  id,
  type,
  config: { enable: true, name: `Out ${id}`, sources: { video: [1], audio: [2], data: [] }, ...config },
});

function derive(
  documents: { inputs?: unknown[]; encoders?: unknown[]; outputs?: unknown[] },
  signals: InputSignal[] = [sdi, nothing],
  starting = new Set<unknown>(),
) {
  return withDerivedStatus(
    {
      Inputs: { inputs: documents.inputs ?? [input(1, 0)] },
      Encoders: { encoders: documents.encoders ?? [video(1), audio(2)] },
      Outputs: { outputs: documents.outputs ?? [] },
    },
    (channel) => signals[channel] ?? nothing,
    starting,
  );
}

const list = (document: Record<string, unknown>, key: string) => document[key] as Record<string, unknown>[];

describe('statuses that follow from the configuration', () => {
  it('inputs report the connected format, FORMAT_UNDEFINED without a source, the test pattern always', () => {
    const { Inputs } = derive({
      inputs: [
        input(1, 0),
        input(2, 1),
        input(3, 2, { video_input_type: 'input_tpg', audio_input_type: 'input_tpg' }),
      ],
    });
    expect(list(Inputs, 'inputs').map((i) => [i.video_input_format, i.audio_input_detected])).toEqual([
      ['1080p59.94', true],
      [FORMAT_UNDEFINED, false],
      [TEST_PATTERN_FORMAT, true],
    ]);
    const hdmiOnSdi = derive({ inputs: [input(1, 0, { video_input_type: 'input_hdmi' })] });
    expect(list(hdmiOnSdi.Inputs, 'inputs')[0]!.video_input_format).toBe(FORMAT_UNDEFINED);
  });

  it('encoders run near their bitrate, idle when not active, NO_INPUT without a signal', () => {
    const { Encoders } = derive({
      inputs: [input(1, 0), input(2, 1)],
      encoders: [
        video(1),
        video(3, { bitrate: 6000, bitrate_mode: 'variable' }),
        video(4, { active: false }),
        video(5, { in_channel_id: 2 }),
        audio(2),
        { id: 6, type: 'sync_group', config: { video_encoder_ids: [4, 5] } },
        { id: 7, type: 'data', config: { name: 'KLV', data_type: 'klv_sync' } },
      ],
    });
    const byId = Object.fromEntries(list(Encoders, 'encoders').map((e) => [e.id, e]));
    expect(byId[1]).toMatchObject({ status: ENCODER_STATUSES.running, active: true, current_bitrate: 9850 });
    expect(byId[3]!.current_bitrate).toBeGreaterThan(5400);
    expect(byId[3]!.current_bitrate).toBeLessThanOrEqual(6000);
    expect(byId[4]).toMatchObject({ status: ENCODER_STATUSES.idle, active: false, current_bitrate: 0 });
    expect(byId[5]).toMatchObject({ status: ENCODER_STATUSES.noInput, current_bitrate: 0 });
    expect(byId[2]).toMatchObject({ status: ENCODER_STATUSES.running, current_bitrate: 128 });
    expect(byId[6]).toMatchObject({ status: ENCODER_STATUSES.idle });
    expect(byId[7]).toMatchObject({ status: ENCODER_STATUSES.running });
  });

  it('outputs stream, wait for their start, or give the code of what stops them', () => {
    const { Outputs } = derive(
      {
        inputs: [input(1, 0), input(2, 1)],
        encoders: [video(1), audio(2), video(3, { active: false }), video(4, { in_channel_id: 2 })],
        outputs: [
          output(1, 'srt', { call_mode: 'CALLER', destination_ip: 'srt.example.com' }),
          output(2, 'srt', { call_mode: 'CALLER', destination_ip: 'srt.example.invalid' }),
          output(3, 'unicast', { destination_ip: '192.0.2.1' }),
          output(4, 'rtsp', { enable: false }),
          output(5, 'rtsp', { sources: { video: [3], audio: [], data: [] } }),
          output(6, 'rtsp', { sources: { video: [4], audio: [], data: [] } }),
          output(7, 'rtsp', { sources: { video: [], audio: [], data: [] } }),
          output(8, 'thumbnail', {}),
          output(9, 'srt', { call_mode: 'LISTENER', destination_ip: '' }),
          output(10, 'file', {}),
        ],
      },
      [sdi, nothing],
      new Set([9]),
    );
    expect(list(Outputs, 'outputs').map((o) => o.status)).toEqual([
      OUTPUT_STATUSES.streaming,
      OUTPUT_STATUSES.remoteUnreachable,
      OUTPUT_STATUSES.remoteUnreachable,
      OUTPUT_STATUSES.notEnabled,
      OUTPUT_STATUSES.encoderInactive,
      OUTPUT_STATUSES.noInput,
      OUTPUT_STATUSES.encoderInactive,
      OUTPUT_STATUSES.running,
      OUTPUT_STATUSES.starting,
      OUTPUT_STATUSES.running,
    ]);
  });

  it('starts outputs that begin to run or run with a new configuration', () => {
    const streaming = { status: OUTPUT_STATUSES.streaming };
    const before = {
      outputs: [
        { ...output(1, 'rtsp'), ...streaming },
        { ...output(2, 'rtsp'), ...streaming },
        { ...output(3, 'rtsp'), status: OUTPUT_STATUSES.notEnabled },
      ],
    };
    const after = {
      outputs: [
        { ...output(1, 'rtsp'), ...streaming },
        { ...output(2, 'rtsp', { stream_name: 'other' }), ...streaming },
        { ...output(3, 'rtsp'), ...streaming },
        { ...output(4, 'rtsp'), ...streaming },
        { ...output(5, 'rtsp', { enable: false }), status: OUTPUT_STATUSES.notEnabled },
      ],
    };
    expect(outputsToStart(before, after)).toEqual([2, 3, 4]);
  });
});
