import { describe, expect, it } from 'vitest';
import { newEntryId } from './new-entry-id';

describe('newEntryId', () => {
  it('is new- and a timestamp, unique within one millisecond', () => {
    const first = newEntryId(1_800_000_000_000);
    const second = newEntryId(1_800_000_000_000);
    expect(first).toBe('new-1800000000000');
    expect(second).toBe('new-1800000000001');
  });
});
