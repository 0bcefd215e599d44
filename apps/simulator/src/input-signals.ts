import { FORMAT_UNDEFINED } from '@ec/contract/shadow-documents/inputs';
import { seedOf } from './seed.ts';

/** What is plugged into one hardware input of a simulated encoder; null connector: nothing. */
export interface InputSignal {
  connector: 'sdi' | 'hdmi' | null;
  format: string;
  /** The source carries embedded audio. */
  audio: boolean;
}

/** The format the built-in test pattern generator runs at. */
export const TEST_PATTERN_FORMAT = '1080p59.94';
const SOURCE_FORMATS = ['1080p59.94', '1080i59.94', '720p60', '2160p29.97'] as const;

/**
 * The source on a hardware channel, fixed per serial number and channel so a device looks the same on
 * every start and tests are stable: channel 0 takes SDI, channel 1 HDMI, and about one channel in six
 * has nothing connected.
 */
export function inputSignal(serialNumber: string, hwChannel: number): InputSignal {
  const hash = seedOf(`${serialNumber}/${hwChannel}`);
  if (hash % 6 === 0) return { connector: null, format: FORMAT_UNDEFINED, audio: false };
  return {
    connector: hwChannel === 0 ? 'sdi' : 'hdmi',
    format: SOURCE_FORMATS[(hash >>> 4) % SOURCE_FORMATS.length]!,
    audio: (hash >>> 8) % 10 !== 0,
  };
}

/**
 * What an input reports for its configuration (spec 3 §3.2): the test pattern always has a format and
 * audio; SDI or HDMI only when that connector has a source; auto whatever is connected; the analog
 * 3.5 mm jack never has anything plugged in.
 */
export function inputStatus(
  config: { video_input_type?: unknown; audio_input_type?: unknown },
  signal: InputSignal,
): { video_input_format: string; audio_input_detected: boolean } {
  const connected =
    config.video_input_type === 'input_sdi'
      ? signal.connector === 'sdi'
      : config.video_input_type === 'input_hdmi'
        ? signal.connector === 'hdmi'
        : signal.connector !== null;
  const testPattern = config.video_input_type === 'input_tpg';
  const audio =
    config.audio_input_type === 'input_tpg'
      ? true
      : config.audio_input_type === 'input_3p5mm'
        ? false
        : signal.connector !== null && signal.audio;
  return {
    video_input_format: testPattern ? TEST_PATTERN_FORMAT : connected ? signal.format : FORMAT_UNDEFINED,
    audio_input_detected: audio,
  };
}
