import { SHADOW_COMPARE_IGNORED_KEYS } from '@ec/contract/shadow-registry';
import { describe, expect, it } from 'vitest';
import { shadowDiff } from './shadow-diff';

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
