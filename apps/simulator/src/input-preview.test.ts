import { AUDIO_LEVEL_SCALE, inputPreviewMessageSchema } from '@ec/contract/input-preview';
import jpeg from 'jpeg-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { glyph } from './bitmap-font.ts';
import { InputPreviewStream, type PreviewInput, previewInputs } from './input-preview.ts';
import { AudioLevelMeter, clockText, encodePreviewJpeg, renderPreviewFrame } from './preview-frame.ts';

const AT = new Date('2025-03-04T12:34:56Z');
const pixel = (image: { width: number; data: Uint8Array }, x: number, y: number) => {
  const at = (y * image.width + x) * 4;
  return [image.data[at]!, image.data[at + 1]!, image.data[at + 2]!] as const;
};

describe('the preview picture', () => {
  it('is a JPEG of 320×180 with colour bars and a black band', () => {
    const base64 = encodePreviewJpeg(renderPreviewFrame({ name: 'Camera 1', at: AT }));
    const decoded = jpeg.decode(Buffer.from(base64, 'base64'), { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([320, 180]);
    // The first bar is grey, the last blue (JPEG is lossy: within a margin).
    const [r, g, b] = pixel(decoded, 20, 10);
    expect(Math.abs(r - 192) + Math.abs(g - 192) + Math.abs(b - 192)).toBeLessThan(40);
    const [r2, g2, b2] = pixel(decoded, 310, 10);
    expect(b2).toBeGreaterThan(150);
    expect(r2 + g2).toBeLessThan(60);
  });

  it('draws the name and the time in white on the band, and moves with time', () => {
    const frame = renderPreviewFrame({ name: 'CAM', at: AT });
    const whiteInBand = (image: typeof frame) => {
      let count = 0;
      for (let y = image.height - 40; y < image.height; y++)
        for (let x = 0; x < image.width; x++) if (pixel(image, x, y)[0] === 255) count++;
      return count;
    };
    expect(whiteInBand(frame)).toBeGreaterThan(100);
    const later = renderPreviewFrame({ name: 'CAM', at: new Date(AT.getTime() + 2000) });
    expect(Buffer.from(later.data).equals(Buffer.from(frame.data))).toBe(false);
    expect(clockText(AT)).toBe('12:34:56');
  });

  it('has a glyph for every digit, letter and the colon, and a blank for the rest', () => {
    for (const char of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ:')
      expect(
        glyph(char).some((row) => row !== 0),
        char,
      ).toBe(true);
    expect(glyph('a')).toEqual(glyph('A'));
    expect(glyph('€').every((row) => row === 0)).toBe(true);
  });
});

describe('audio levels', () => {
  it('move within the meter, the 5 s peak holding the highest recent one', () => {
    const meter = new AudioLevelMeter(2, 1);
    const samples = Array.from({ length: 8 }, (_, i) => meter.sample(new Date(AT.getTime() + i * 1000)));
    for (const levels of samples) {
      expect(levels.map((level) => level.channel_num)).toEqual([0, 1]);
      for (const level of levels) {
        expect(level.max_hold_200ms * AUDIO_LEVEL_SCALE).toBeGreaterThan(5);
        expect(level.max_hold_200ms * AUDIO_LEVEL_SCALE).toBeLessThanOrEqual(100);
        expect(level.max_hold_5s).toBeGreaterThanOrEqual(level.max_hold_200ms);
      }
    }
    expect(new Set(samples.map((levels) => levels[0]!.max_hold_200ms)).size).toBeGreaterThan(1);
  });
});

describe('the preview stream', () => {
  afterEach(() => vi.useRealTimers());

  it('sends one valid message per input with a picture every interval, for the duration only', () => {
    vi.useFakeTimers({ now: AT });
    const inputs: PreviewInput[] = [
      { id: 1, name: 'SDI', audioChannels: 2 },
      { id: 2, name: 'HDMI', audioChannels: 0 },
    ];
    const sent: unknown[] = [];
    const stream = new InputPreviewStream({ inputs: () => inputs, publish: (m) => sent.push(m) });
    stream.start({ duration: 3, sample_interval: 1 });
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(10_000);
    expect(sent).toHaveLength(6);
    expect(stream.running).toBe(false);
    for (const message of sent) expect(inputPreviewMessageSchema.safeParse(message).success).toBe(true);
    expect(sent.map((m) => (m as { input_id: number }).input_id)).toEqual([1, 2, 1, 2, 1, 2]);
    expect((sent[1] as { audio_levels: unknown[] }).audio_levels).toEqual([]);
  });

  it('starts the window again on a new request and stops when told', () => {
    vi.useFakeTimers({ now: AT });
    const sent: unknown[] = [];
    const stream = new InputPreviewStream({
      inputs: () => [{ id: 1, name: 'A', audioChannels: 0 }],
      publish: (m) => sent.push(m),
    });
    stream.start({ duration: 2, sample_interval: 1 });
    vi.advanceTimersByTime(1000);
    stream.start({ duration: 2, sample_interval: 1 });
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(4);
    stream.start({ duration: 30, sample_interval: 1 });
    stream.stop();
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(5);
  });

  it('previews the inputs whose format is known, by their names', () => {
    const inputs = previewInputs({
      inputs: [
        { id: 1, video_input_format: '1080p59.94', audio_input_detected: true, config: { name: 'Stage' } },
        { id: 2, video_input_format: 'FORMAT_UNDEFINED', config: { name: 'Empty' } },
        { id: 3, video_input_format: '720p60', config: { name: '' } },
      ],
    });
    expect(inputs).toEqual([
      { id: 1, name: 'Stage', audioChannels: 2 },
      { id: 3, name: 'Input 3', audioChannels: 0 },
    ]);
  });
});
