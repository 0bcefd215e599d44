import { describe, expect, it } from 'vitest';
import { describeSendError, nextAttemptAt, OUTBOX_RETRY, retryDelayMs } from './outbox-retry.ts';

describe('outbox retries', () => {
  it('double from 30 s up to 4 h', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n) / 1000)).toEqual([30, 60, 120, 240, 480]);
    expect(retryDelayMs(9)).toBe(128 * 60_000);
    expect(retryDelayMs(10)).toBe(OUTBOX_RETRY.maxDelayMs);
    expect(retryDelayMs(500)).toBe(OUTBOX_RETRY.maxDelayMs);
  });

  it('give up two days after the message was stored', () => {
    const createdAt = new Date('2026-11-01T00:00:00Z');
    const early = new Date(createdAt.getTime() + 60_000);
    expect(nextAttemptAt({ attempts: 1, createdAt }, early)).toEqual(new Date(early.getTime() + 30_000));
    const late = new Date(createdAt.getTime() + OUTBOX_RETRY.giveUpAfterMs - 60_000);
    expect(nextAttemptAt({ attempts: 15, createdAt }, late)).toBeNull();
  });

  it('keep codes, never the text of an error', () => {
    const error = Object.assign(new Error('Recipient <someone@example.com> rejected: code 123456'), {
      code: 'EENVELOPE',
      responseCode: 550,
      command: 'RCPT TO:<someone@example.com>',
    });
    expect(describeSendError(error)).toBe('EENVELOPE 550 RCPT');
    expect(describeSendError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toBe(
      'ESOCKET',
    );
    expect(describeSendError(undefined)).toBe('Error');
  });
});
