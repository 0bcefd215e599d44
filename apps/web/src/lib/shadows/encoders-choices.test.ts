import { describe, expect, it } from 'vitest';
import {
  audioBitrateChoices,
  audioCodecChoices,
  createEncoderTypes,
  encoderFieldLabel,
  latencyChoices,
  resolutionChoices,
  videoBitrateModeChoices,
} from './encoders-choices';

const device = (daemon_version: string, product_name: 'edgecaster' | 'edgecaster_max' = 'edgecaster') => ({
  product_name,
  daemon_version,
  cloud_version: 'V1.25.0',
});
const values = (choices: { value: unknown }[]) => choices.map((choice) => choice.value);

describe('encoder choices', () => {
  it('create data encoders from daemon v10.1.0', () => {
    expect(createEncoderTypes(device('v10.0.5'))).toEqual(['video', 'audio']);
    expect(createEncoderTypes(device('v10.1.0'))).toEqual(['video', 'audio', 'data']);
  });

  it('offer strict CBR from v10.2.1, and keep a value the device holds', () => {
    expect(values(videoBitrateModeChoices(device('v10.2.0'), 'constant'))).toEqual(['constant', 'variable']);
    expect(values(videoBitrateModeChoices(device('v10.2.0'), 'constant_strict'))).toContain(
      'constant_strict',
    );
    expect(values(videoBitrateModeChoices(device('v10.2.1'), 'constant'))).toContain('constant_strict');
  });

  it('run edgecaster_max at NORMAL and LOWEST only', () => {
    expect(values(latencyChoices(device('v11.2.1', 'edgecaster_max'), 'NORMAL'))).toEqual([
      'NORMAL',
      'LOWEST',
    ]);
  });

  it('offer upright resolutions for a rotated input', () => {
    expect(values(resolutionChoices(device('v10.5.2'), 90, 'passthrough'))).toContain('1080x1920');
  });

  it('offer the licensed audio codecs, Opus from daemon v10.1.0, 576 kbps only for AAC', () => {
    const both = { 'daemon.encoders.audio.codecs': ['MPEG4_AAC_ADTS', 'OPUS'] };
    expect(values(audioCodecChoices(device('v10.1.0'), both, 'mpeg4_aac'))).toEqual(['mpeg4_aac', 'opus']);
    expect(values(audioCodecChoices(device('v10.0.0'), both, 'mpeg4_aac'))).toEqual(['mpeg4_aac']);
    expect(values(audioBitrateChoices('mpeg4_aac', 128))).toContain(576);
    expect(values(audioBitrateChoices('opus', 128))).not.toContain(576);
  });

  it('name a changed field for the notice of a newer version', () => {
    expect(encoderFieldLabel(['encoders', '2', 'config', 'bitrate'])).toBe('Encoder 2 › Bitrate');
    expect(encoderFieldLabel(['encoders', '3'])).toBe('Encoder 3');
  });
});
