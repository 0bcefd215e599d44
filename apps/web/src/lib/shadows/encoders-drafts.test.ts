import { describe, expect, it } from 'vitest';
import {
  encoderDraftsOf,
  encodersSetState,
  newEncoderConfig,
  newEncoderDraft,
  videoCodecChanges,
  withDataType,
} from './encoders-drafts';

const device = (daemon_version: string, cloud_version = 'V1.25.0') => ({
  product_name: 'edgecaster' as const,
  daemon_version,
  cloud_version,
});
const context = (daemon: string) => ({ device: device(daemon), firstInputId: 1, audioCodec: 'mpeg4_aac' });

describe('encoder drafts', () => {
  it('read a reported encoder with its defaults, keep keys the console does not know, and leave the status out', () => {
    const [draft] = encoderDraftsOf({
      encoders: [
        {
          id: 1,
          type: 'audio',
          status: 'RUNNING',
          current_bitrate: 128,
          config: { name: 'Audio', codec: 'opus', future_key: 'kept' },
        },
      ],
    });
    expect(draft).toEqual({
      id: 1,
      type: 'audio',
      config: expect.objectContaining({
        codec: 'opus',
        in_channel_id: -1,
        bitrate: 128,
        selected_channels: [1, 2],
        future_key: 'kept',
      }),
    });
  });

  it('keep an encoder the contract refuses as the device sent it', () => {
    const [draft] = encoderDraftsOf({
      encoders: [{ id: 2, type: 'video', config: { name: 'Odd', bitrate: 'x' } }],
    });
    expect(draft?.config).toEqual({ name: 'Odd', bitrate: 'x' });
  });

  it('send a new encoder with id false', () => {
    const created = newEncoderDraft('data', 'KLV', context('v10.5.2'));
    expect(created.id).toMatch(/^new-\d+$/);
    expect(encodersSetState([{ id: 4, type: 'video', config: {} }, created])).toEqual({
      encoders: [
        { id: 4, type: 'video', config: {} },
        { id: false, type: 'data', config: { name: 'KLV', data_type: 'klv_sync' } },
      ],
    });
  });

  it('start a video encoder at the spec defaults, with the gated fields of the daemon', () => {
    expect(newEncoderConfig('video', 'V', context('v11.2.1'))).toMatchObject({
      bitrate: 10000,
      keyframe_interval: 1000,
      keyframe_unit: 'MILLISECONDS',
      h264_profile: 'HIGH',
      cc_processing_enabled: false,
      allow_outputs_to_adjust_bitrate: false,
      enable_retry: true,
    });
    const older = newEncoderConfig('video', 'V', context('v10.0.0'));
    expect(older).not.toHaveProperty('cc_processing_enabled');
    expect(older).not.toHaveProperty('enable_retry');
  });

  it('write retry for a new audio encoder only from daemon v11.2.0', () => {
    expect(newEncoderConfig('audio', 'A', context('v11.2.0'))).toMatchObject({
      enable_retry: true,
      bitrate_mode: 'variable',
    });
    expect(newEncoderConfig('audio', 'A', context('v11.1.9'))).not.toHaveProperty('enable_retry');
  });

  it('drop splice_duration and in_channel_id with another data type; SMPTE 2038 takes input -1', () => {
    const config = { name: 'D', data_type: 'scte35', splice_duration: 30, in_channel_id: 2 };
    expect(withDataType(config, 'klv_sync')).toEqual({ name: 'D', data_type: 'klv_sync' });
    expect(withDataType(config, 'smpte2038')).toEqual({
      name: 'D',
      data_type: 'smpte2038',
      in_channel_id: -1,
    });
  });

  it('force the High H.264 profile with H.265', () => {
    expect(videoCodecChanges('H265')).toEqual({ h264_profile: 'HIGH' });
    expect(videoCodecChanges('H264')).toEqual({});
  });
});
