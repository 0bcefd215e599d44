import { describe, expect, it } from 'vitest';
import { requestPacer } from './request-pacing.ts';

const rule = { burst: 3, perSecond: 2, maxWaitMs: 1000 };

describe('request pacing', () => {
  it('serves a burst at once, then holds each call for its turn at the steady rate', () => {
    let time = 0;
    const pacer = requestPacer(rule, () => time);
    expect([1, 2, 3].map(() => pacer.reserve('token'))).toEqual([
      { waitMs: 0 },
      { waitMs: 0 },
      { waitMs: 0 },
    ]);
    expect(pacer.reserve('token')).toEqual({ waitMs: 500 });
    expect(pacer.reserve('token')).toEqual({ waitMs: 1000 });
    time = 1000;
    // Two calls' worth refilled in a second: the held ones are served, the next waits its own turn.
    expect(pacer.reserve('token')).toEqual({ waitMs: 500 });
  });

  it('refuses a call that would wait longer than the rule allows, saying for how long', () => {
    const pacer = requestPacer(rule, () => 0);
    for (let call = 0; call < 5; call += 1) pacer.reserve('token');
    expect(pacer.reserve('token')).toEqual({ refusedForMs: 500 });
  });

  it('paces each token on its own', () => {
    const pacer = requestPacer(rule, () => 0);
    for (let call = 0; call < 5; call += 1) pacer.reserve('busy');
    expect(pacer.reserve('quiet')).toEqual({ waitMs: 0 });
  });
});
