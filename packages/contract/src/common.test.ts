import { describe, expect, it } from 'vitest';
import { containsNul } from './common.ts';

describe('containsNul', () => {
  it('finds U+0000 in a string or a key at any depth of a JSON value, and nowhere else', () => {
    const document = {
      config: { name: 'Studio A', outputs: [{ url: 'srt://a' }, { enable: true }] },
      version: 3,
    };
    expect(containsNul(document)).toBe(false);
    expect(containsNul({ ...document, config: { outputs: [{}, { url: 'srt://\u0000' }] } })).toBe(true);
    expect(containsNul({ config: { 'na\u0000me': 'Studio A' } })).toBe(true);
    expect(containsNul(['a', ['b', 'c\u0000']])).toBe(true);
    expect(containsNul('\u0000')).toBe(true);
    expect(containsNul(null)).toBe(false);
    expect(containsNul(0)).toBe(false);
  });
});
