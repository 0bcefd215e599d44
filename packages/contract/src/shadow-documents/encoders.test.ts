import { describe, expect, it } from 'vitest';
import { BASE_PROFILES } from '../entitlements/base-profiles.ts';
import { mergeEntitlements } from '../entitlements/merge-entitlements.ts';
import {
  encoderStatusText,
  encodersSetIssues,
  encodersSetSchema,
  encodersShadowStateSchema,
} from './encoders.ts';
import type { ShadowSetContext } from './fields.ts';

const context: ShadowSetContext = {
  product: 'edgecaster',
  entitlements: mergeEntitlements(BASE_PROFILES.edgecaster, [], new Date()),
};

const video = (config: Record<string, unknown> = {}, id: number | false = 1) => ({
  id,
  type: 'video',
  config: {
    name: 'Video',
    in_channel_id: 1,
    selected_codec: 'H264',
    bitrate_mode: 'variable',
    latency_mode: 'NORMAL',
    bitrate: 10000,
    keyframe_interval: 1000,
    keyframe_unit: 'MILLISECONDS',
    ...config,
  },
});
const audio = (config: Record<string, unknown> = {}, id: number | false = 2) => ({
  id,
  type: 'audio',
  config: { name: 'Audio', codec: 'mpeg4_aac', ...config },
});
const data = (dataType: string, id: number | false) => ({
  id,
  type: 'data',
  config: { name: 'Data', data_type: dataType },
});
const syncGroup = (config: Record<string, unknown> = {}) => ({
  id: 9,
  type: 'sync_group',
  config: { video_encoder_ids: [1], ...config },
});

const issuesOf = (encoders: unknown[], ctx = context) => encodersSetIssues({ encoders }, ctx);

describe('the Encoders document (spec 3 §3.3)', () => {
  it('fills the spec defaults of each type', () => {
    const parsed = encodersShadowStateSchema.parse({
      encoders: [
        video({ bitrate: undefined, keyframe_interval: undefined, keyframe_unit: undefined }),
        audio(),
        syncGroup(),
      ],
    });
    expect(parsed.encoders[0]?.config).toMatchObject({
      bitrate: 10000,
      keyframe_interval: 1000,
      keyframe_unit: 'MILLISECONDS',
    });
    expect(parsed.encoders[1]?.config).toMatchObject({
      in_channel_id: -1,
      mix_mode: 'STEREO',
      sample: 'SAMPLE_48_khz',
      bitrate_mode: 'variable',
      bitrate: 128,
      selected_channels: [1, 2],
    });
    expect(parsed.encoders[2]?.config).toMatchObject({
      keyframe_interval: 2000,
      latency_mode: 'NORMAL',
      name: 'MBR Group',
    });
  });

  it('keeps an encoder of an unknown type and holds known types to their schema', () => {
    const parsed = encodersShadowStateSchema.safeParse({
      encoders: [{ id: 5, type: 'hologram', config: { depth: 3 } }],
    });
    expect(parsed.success).toBe(true);
    const wrong = encodersShadowStateSchema.safeParse({
      encoders: [video({ selected_codec: 'VP9' })],
    });
    expect(wrong.error?.issues[0]?.path).toEqual(['encoders', 0, 'config', 'selected_codec']);
  });

  it('lets a set send new encoders with id false and refuses a non-number bitrate', () => {
    expect(encodersSetSchema.safeParse({ encoders: [video({}, false)] }).success).toBe(true);
    const parsed = encodersSetSchema.safeParse({ encoders: [video({ bitrate: 'fast' })] });
    expect(parsed.error?.issues[0]?.message).toBe('Value must be a number');
  });
});

describe('encoder rules (spec 3 §5)', () => {
  it('passes a valid set', () => {
    expect(issuesOf([video(), audio(), syncGroup(), data('klv_sync', 3)])).toEqual([]);
  });

  const at = (index: number, ...field: (string | number)[]) => ['encoders', index, 'config', ...field];
  it.each([
    ['bitrate below 100', [video({ bitrate: 99 })], at(0, 'bitrate'), 'Value must be >= 100'],
    ['bitrate above 50000', [video({ bitrate: 50001 })], at(0, 'bitrate'), 'Value must be <= 50000'],
    ['bitrate not a number', [video({ bitrate: 'x' })], at(0, 'bitrate'), 'Value must be a number'],
    [
      'keyframes below 41 ms',
      [video({ keyframe_interval: 40 })],
      at(0, 'keyframe_interval'),
      'Value must be >= 41',
    ],
    [
      'keyframes above 16666 ms',
      [video({ keyframe_interval: 16667 })],
      at(0, 'keyframe_interval'),
      'Value must be <= 16666',
    ],
    [
      'keyframes above 1000 frames',
      [video({ keyframe_interval: 1001, keyframe_unit: 'FRAMES' })],
      at(0, 'keyframe_interval'),
      'Value must be <= 1000',
    ],
    [
      'keyframes below 1 frame',
      [video({ keyframe_interval: 0, keyframe_unit: 'FRAMES' })],
      at(0, 'keyframe_interval'),
      'Value must be >= 1',
    ],
    [
      'sync group keyframes',
      [syncGroup({ keyframe_interval: 20000 })],
      at(0, 'keyframe_interval'),
      'Value must be <= 16666',
    ],
    [
      'outputs adjusting bitrate in constant mode',
      [video({ bitrate_mode: 'constant', allow_outputs_to_adjust_bitrate: true })],
      at(0, 'allow_outputs_to_adjust_bitrate'),
      'Encoding Mode must be Variable Bitrate in order to enable allowing outputs to adjust bitrate.',
    ],
    [
      'more audio channels than licensed',
      [audio({ selected_channels: [1, 2, 3, 4, 5, 6, 7] })],
      at(0, 'selected_channels'),
      'Only 6 channels are allowed per Audio Profile',
    ],
    [
      'an audio channel the input does not have',
      [audio({ selected_channels: [1, 9] })],
      at(0, 'selected_channels', 1),
      'Value must be <= 8',
    ],
    [
      'an audio bitrate not offered',
      [audio({ bitrate: 100 })],
      at(0, 'bitrate'),
      'Bitrate must be one of 64, 96, 128, 192, 256, 320, 384, 512, 576 kbps',
    ],
    [
      'an AAC-only bitrate for Opus',
      [audio({ codec: 'opus', bitrate: 576 })],
      at(0, 'bitrate'),
      'Bitrate must be one of 64, 96, 128, 192, 256, 320, 384, 512 kbps',
    ],
    [
      'a second video encoder on a licence for one',
      [video(), video({}, false)],
      ['encoders', 1],
      'Unable to add another video encoder. This device is licensed for 1 video encoder instance(s).',
    ],
    [
      'a second audio encoder on a licence for one',
      [audio(), audio({}, false)],
      ['encoders', 1],
      'Unable to add another audio encoder. This device is licensed for 1 audio encoder instance(s).',
    ],
    [
      'a second KLV data encoder on a licence for one',
      [data('klv_sync', 3), data('klv_sync', false)],
      ['encoders', 1],
      'Unable to add another KLV Sync data encoder. This device is licensed for 1 KLV Sync data encoder instance(s).',
    ],
  ])('%s', (_name, encoders, path, message) => {
    expect(issuesOf(encoders)).toContainEqual({ path, message });
  });

  it('follows the licensed bitrate range and keyframe range', () => {
    const licensed: ShadowSetContext = {
      ...context,
      entitlements: {
        ...context.entitlements,
        'daemon.encoders.video.bitrate': { min: 100, max: 80000 },
        'daemon.encoders.video.keyframe_interval_frames': { min: 5, max: 500 },
      },
    };
    expect(issuesOf([video({ bitrate: 80000 })], licensed)).toEqual([]);
    expect(issuesOf([video({ keyframe_interval: 4, keyframe_unit: 'FRAMES' })], licensed)).toEqual([
      { path: at(0, 'keyframe_interval'), message: 'Value must be >= 5' },
    ]);
  });

  describe('latency modes the product runs (spec 3 §9)', () => {
    const max: ShadowSetContext = {
      product: 'edgecaster_max',
      entitlements: mergeEntitlements(BASE_PROFILES.edgecaster_max, [], new Date()),
    };
    const MAX_MESSAGE = 'Latency Mode must be one of NORMAL, LOWEST on edgecaster_max';
    it.each([
      ['edgecaster', context, 'HIGH', 'video', []],
      ['edgecaster', context, 'LOW', 'sync_group', []],
      ['edgecaster_max', max, 'NORMAL', 'video', []],
      ['edgecaster_max', max, 'LOWEST', 'sync_group', []],
      ['edgecaster_max', max, 'HIGH', 'video', [{ path: at(0, 'latency_mode'), message: MAX_MESSAGE }]],
      ['edgecaster_max', max, 'LOW', 'video', [{ path: at(0, 'latency_mode'), message: MAX_MESSAGE }]],
      ['edgecaster_max', max, 'HIGH', 'sync_group', [{ path: at(0, 'latency_mode'), message: MAX_MESSAGE }]],
      ['edgecaster_max', max, 'FAST', 'video', []],
    ] as const)('%s with %s on a %s encoder', (_product, ctx, latency_mode, type, issues) => {
      const encoder = type === 'video' ? video({ latency_mode }) : syncGroup({ latency_mode });
      expect(issuesOf([encoder], ctx)).toEqual(issues);
    });
  });

  it('counts existing encoders before new ones: an existing one over the limit is not refused', () => {
    expect(issuesOf([video(), video({}, 2)])).toEqual([]);
  });
});

describe('encoderStatusText (spec 2 §4.3)', () => {
  it.each([
    [{ id: false, type: 'video' }, 'Not Created', 'default'],
    [{ id: 1, new: true, type: 'video', status: 'RUNNING' }, 'Not Created', 'default'],
    [
      {
        id: 1,
        type: 'video',
        status: 'RUNNING',
        current_bitrate: 9850,
        config: { scaling_resolution: '1920x1080' },
      },
      '1920x1080 @ 9850 kbps',
      'success',
    ],
    [
      { id: 2, type: 'audio', status: 'RUNNING', config: { bitrate: 128, selected_channels: [1, 2] } },
      '2 channels @ 128 kbps',
      'success',
    ],
    [{ id: 3, type: 'data', status: 'RUNNING' }, 'Active', 'success'],
    [{ id: 1, type: 'video', status: 'NO_INPUT' }, 'NO_INPUT', 'warning'],
    [{ id: 1, type: 'video', status: 'UNABLE_TO_ENCODE' }, 'UNABLE_TO_ENCODE', 'warning'],
    [{ id: 1, type: 'video', status: 'IDLE' }, 'IDLE', 'default'],
  ])('%j reads %s', (encoder, text, tone) => {
    expect(encoderStatusText(encoder)).toEqual({ text, tone });
  });
});
