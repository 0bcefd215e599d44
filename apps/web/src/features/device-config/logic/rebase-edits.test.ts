import { describe, expect, it } from 'vitest';
import { rebaseEdits } from './rebase-edits';

describe('rebaseEdits', () => {
  const base = {
    device_name: 'Encoder 1',
    ntp_server: '',
    timezone: 'UTC',
    xml: { url: '', poll_interval: 60 },
  };

  it('keeps the fields the user changed and takes the newer value of the others', () => {
    const edited = { ...base, ntp_server: 'pool.ntp.org', xml: { ...base.xml, poll_interval: 30 } };
    const next = { ...base, device_name: 'Studio B', xml: { ...base.xml, url: 'http://cfg' } };
    expect(rebaseEdits(base, edited, next)).toEqual({
      device_name: 'Studio B',
      ntp_server: 'pool.ntp.org',
      timezone: 'UTC',
      xml: { url: 'http://cfg', poll_interval: 30 },
    });
  });

  it("keeps the user's value where both changed the same field", () => {
    const edited = { ...base, device_name: 'Mine' };
    const next = { ...base, device_name: 'Theirs' };
    expect(rebaseEdits(base, edited, next).device_name).toBe('Mine');
  });

  it('merges list entries by id: edits, additions and deletions of both sides', () => {
    const entry = (id: number | false, name: string, enable = false) => ({ id, config: { name, enable } });
    const original = { outputs: [entry(1, 'One'), entry(2, 'Two'), entry(3, 'Three')] };
    const edited = { outputs: [entry(1, 'One', true), entry(2, 'Two'), entry(false, 'Mine')] };
    const next = { outputs: [entry(1, 'First'), entry(3, 'Three'), entry(4, 'Theirs')] };
    expect(rebaseEdits(original, edited, next)).toEqual({
      outputs: [
        // 1: their rename with the user's enable; 2: deleted by them; 3: deleted by the user.
        entry(1, 'First', true),
        entry(false, 'Mine'),
        entry(4, 'Theirs'),
      ],
    });
  });
});
