import { DEVICE_LOOKUP_MAX } from '@ec/contract/devices';
import { describe, expect, it } from 'vitest';
import { lookupChunks } from './get-devices-by-guid';

const guid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('lookupChunks', () => {
  it('names each device once, in the same order whatever order the list names them in', () => {
    expect(lookupChunks([guid(2), guid(1), guid(2)])).toEqual([[guid(1), guid(2)]]);
    expect(lookupChunks([guid(1), guid(2)])).toEqual(lookupChunks([guid(2), guid(1)]));
    expect(lookupChunks([])).toEqual([]);
  });

  it(`asks for at most ${DEVICE_LOOKUP_MAX} devices at a time`, () => {
    const chunks = lookupChunks(Array.from({ length: 2 * DEVICE_LOOKUP_MAX + 1 }, (_, i) => guid(i)));
    expect(chunks.map((chunk) => chunk.length)).toEqual([DEVICE_LOOKUP_MAX, DEVICE_LOOKUP_MAX, 1]);
    expect(chunks.flat()).toHaveLength(new Set(chunks.flat()).size);
  });
});
