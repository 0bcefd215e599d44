import { describe, expect, it } from 'vitest';
import { outputSourceKinds } from './output-sources.ts';

describe('outputSourceKinds (spec 3 §9)', () => {
  it('takes AAC audio for most outputs, Opus for WHIP and no audio for the thumbnail', () => {
    expect(outputSourceKinds('rtmp').audioCodecs).toEqual(['mpeg4_aac']);
    expect(outputSourceKinds('whip').audioCodecs).toEqual(['opus']);
    expect(outputSourceKinds('thumbnail').audioCodecs).toEqual([]);
  });

  it('takes SMPTE 2038 data for files, SCTE-35 for HTTP push and no data elsewhere', () => {
    expect(outputSourceKinds('file').dataTypes).toEqual(['smpte2038']);
    expect(outputSourceKinds('http_push').dataTypes).toEqual(['scte35']);
    expect(outputSourceKinds('srt').dataTypes).toEqual([]);
  });
});
