/** Verification codes are re-sent at most once per 30 seconds (spec 1 §4.4, §9). */
export const RESEND_WAIT_MS = 30_000;

/** Milliseconds left before another code may be asked for; 0 when the last send is unknown. */
export function resendWaitLeft(lastSentAt: number | null, now: number): number {
  if (lastSentAt === null) return 0;
  return Math.max(0, lastSentAt + RESEND_WAIT_MS - now);
}
