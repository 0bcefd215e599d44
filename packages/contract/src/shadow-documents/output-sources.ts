import type { AUDIO_CODECS, DATA_TYPES } from './encoders.ts';
import type { OutputType } from './output-types.ts';

type AudioCodec = (typeof AUDIO_CODECS)[number];
type DataType = (typeof DATA_TYPES)[number];

/** The encoders an output may take as its sources, by kind. */
export interface OutputSourceKinds {
  video: boolean;
  audioCodecs: readonly AudioCodec[];
  dataTypes: readonly DataType[];
}

/**
 * Which encoders each output type takes (spec 3 §9): every type a video encoder; AAC audio, Opus for
 * WHIP and none for the thumbnail (a preview image); SMPTE 2038 data for file outputs and SCTE-35 for
 * HTTP push, no data for the others.
 */
export function outputSourceKinds(type: OutputType): OutputSourceKinds {
  const audioCodecs: readonly AudioCodec[] =
    type === 'thumbnail' ? [] : type === 'whip' ? ['opus'] : ['mpeg4_aac'];
  const dataTypes: readonly DataType[] =
    type === 'file' ? ['smpte2038'] : type === 'http_push' ? ['scte35'] : [];
  return { video: true, audioCodecs, dataTypes };
}
