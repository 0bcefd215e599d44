import { describe, expect, it } from 'vitest';
import { sameValue } from './fields.ts';

describe('sameValue', () => {
  it('compares as JSON, whatever the order of keys, null and missing alike', () => {
    expect(sameValue({ a: [1, { b: null }] }, { a: [1, {}] })).toBe(true);
    expect(sameValue({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(sameValue({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameValue({ a: [] }, { a: {} })).toBe(false);
  });
});
