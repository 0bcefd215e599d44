import { describe, expect, it } from 'vitest';
import { hasToggleChanges, outputToggleRows, outputToggles } from './output-toggles';

const outputs = {
  outputs: [
    { id: 1, type: 'srt', config: { enable: true, name: 'SRT to production' } },
    { id: 2, type: 'rtsp', config: { enable: false, name: 'Local RTSP' } },
    { id: 3, type: 'thumbnail', config: { enable: true } },
  ],
};

describe('output toggles (spec 2 §4.7)', () => {
  it('lists every configured output but thumbnails, with its reported state', () => {
    expect(outputToggleRows(outputs)).toEqual([
      { id: 1, type: 'srt', name: 'SRT to production', enable: true },
      { id: 2, type: 'rtsp', name: 'Local RTSP', enable: false },
    ]);
    expect(outputToggleRows(null)).toEqual([]);
  });

  it('sends the whole list with the toggles as shown', () => {
    const rows = outputToggleRows(outputs);
    expect(outputToggles(rows, { '1': false })).toEqual([
      { output_id: 1, enable: false },
      { output_id: 2, enable: false },
    ]);
    expect(hasToggleChanges(rows, { '1': false })).toBe(true);
    expect(hasToggleChanges(rows, { '2': false })).toBe(false);
  });
});
