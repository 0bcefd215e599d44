import { AUDIO_LEVEL_SCALE, type AudioLevel } from '@ec/contract/input-preview';
import jpeg from 'jpeg-js';
import { drawText, fillRect, type Picture, type Rgb, textWidth } from './bitmap-font.ts';

export const PREVIEW_WIDTH = 320;
export const PREVIEW_HEIGHT = 180;
const JPEG_QUALITY = 70;

/** SMPTE-like colour bars, left to right. */
const BARS: readonly Rgb[] = [
  [192, 192, 192],
  [192, 192, 0],
  [0, 192, 192],
  [0, 192, 0],
  [192, 0, 192],
  [192, 0, 0],
  [0, 0, 192],
];
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [16, 16, 16];
const TEXT_SCALE = 2;

const twoDigits = (value: number) => String(value).padStart(2, '0');
/** The device's clock as the picture shows it: HH:MM:SS, UTC. */
export const clockText = (at: Date) =>
  `${twoDigits(at.getUTCHours())}:${twoDigits(at.getUTCMinutes())}:${twoDigits(at.getUTCSeconds())}`;

/** The characters of `text` that fit in `width` pixels at `scale`. */
function fitted(text: string, width: number, scale: number) {
  let fitting = text;
  while (fitting.length > 0 && textWidth(fitting, scale) > width) fitting = fitting.slice(0, -1);
  return fitting;
}

/**
 * One picture of an input as the simulator "sees" it: colour bars, a white square sliding across them
 * once every 8 seconds, and a black band with the input's name and the time.
 */
export function renderPreviewFrame(input: { name: string; at: Date }): Picture {
  const width = PREVIEW_WIDTH;
  const height = PREVIEW_HEIGHT;
  const picture: Picture = { width, height, data: new Uint8Array(width * height * 4) };
  const barWidth = Math.ceil(width / BARS.length);
  BARS.forEach((color, index) => {
    fillRect(picture, index * barWidth, 0, barWidth, height, color);
  });
  const size = 28;
  const phase = (input.at.getTime() % 8000) / 8000;
  fillRect(picture, Math.round(phase * (width - size)), 40, size, size, WHITE);
  fillRect(picture, Math.round(phase * (width - size)) + 6, 46, size - 12, size - 12, BLACK);

  const band = 7 * TEXT_SCALE * 2 + 12;
  fillRect(picture, 0, height - band, width, band, BLACK);
  drawText(picture, 6, height - band + 4, fitted(input.name, width - 12, TEXT_SCALE), TEXT_SCALE, WHITE);
  drawText(picture, 6, height - band + 4 + 7 * TEXT_SCALE + 4, clockText(input.at), TEXT_SCALE, WHITE);
  return picture;
}

/** The picture as a base64 JPEG, what a preview message carries. */
export function encodePreviewJpeg(picture: Picture): string {
  return jpeg.encode({ ...picture, data: picture.data }, JPEG_QUALITY).data.toString('base64');
}

/**
 * Audio levels that move: each channel's 200 ms peak follows a slow wave of its own, between about
 * 10 % and 95 % of the console's meter; the 5 s peak holds the highest of the last five seconds.
 */
export class AudioLevelMeter {
  private readonly history: { at: number; level: number }[][] = [];

  constructor(
    private readonly channels: number,
    private readonly seed: number,
  ) {}

  sample(at: Date): AudioLevel[] {
    const now = at.getTime();
    return Array.from({ length: this.channels }, (_, channel) => {
      const wave = Math.abs(Math.sin(now / 700 + channel * 1.3 + this.seed));
      const flicker = Math.abs(Math.sin(now / 170 + channel * 2.1));
      const percent = 10 + 70 * wave + 15 * flicker;
      // The console shows level × AUDIO_LEVEL_SCALE percent.
      const level = percent / AUDIO_LEVEL_SCALE;
      const kept = (this.history[channel] ?? []).filter((entry) => now - entry.at < 5000);
      kept.push({ at: now, level });
      this.history[channel] = kept;
      const hold = Math.max(...kept.map((entry) => entry.level));
      return { channel_num: channel, max_hold_200ms: round(level), max_hold_5s: round(hold) };
    });
  }
}

const round = (value: number) => Math.round(value * 1e5) / 1e5;
