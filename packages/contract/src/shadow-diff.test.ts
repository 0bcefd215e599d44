import { describe, expect, it } from 'vitest';
import { shadowDiff, showsSetApplied } from './shadow-diff.ts';
import { SHADOW_COMPARE_IGNORED_KEYS } from './shadow-registry.ts';

describe('shadowDiff', () => {
  const requested = {
    config: { device_name: 'A', xml: { enabled: false, password: 'secret' }, dns: ['1.1.1.1', ''] },
  };

  it('is empty when only ignored keys and unrequested parts differ', () => {
    const reported = {
      config: { device_name: 'A', xml: { enabled: false, password: '' }, dns: ['1.1.1.1', ''] },
      status: { net_connected: true },
    };
    expect(shadowDiff(requested, reported, SHADOW_COMPARE_IGNORED_KEYS)).toEqual([]);
  });

  it('names the paths that differ', () => {
    const reported = { config: { device_name: 'B', xml: { enabled: true }, dns: ['1.1.1.1'] } };
    expect(shadowDiff(requested, reported, SHADOW_COMPARE_IGNORED_KEYS)).toEqual([
      'config.device_name',
      'config.xml.enabled',
      'config.dns.1',
    ]);
  });

  it('treats null and undefined alike', () => {
    expect(shadowDiff({ a: null }, {}, [])).toEqual([]);
  });
});

describe('showsSetApplied', () => {
  const set = { inputs: [{ id: 1, config: { name: 'Camera', password: 'secret' } }] };

  it('holds when the reported document carries every value sent, beside its statuses and kept secrets', () => {
    const reported = {
      inputs: [{ id: 1, video_input_format: '1080p30', config: { name: 'Camera', password: '' } }],
    };
    expect(showsSetApplied('Inputs', set, reported)).toBe(true);
  });

  it('fails when a value sent is not there, or an entry was added or removed', () => {
    expect(showsSetApplied('Inputs', set, { inputs: [{ id: 1, config: { name: 'Old' } }] })).toBe(false);
    expect(
      showsSetApplied('Inputs', set, {
        inputs: [
          { id: 1, config: { name: 'Camera' } },
          { id: 2, config: { name: 'Extra' } },
        ],
      }),
    ).toBe(false);
  });
});
