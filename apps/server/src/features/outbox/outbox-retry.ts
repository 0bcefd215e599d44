/** How the outbox tries again (decision 147). */
export const OUTBOX_RETRY = {
  /** The wait after the first failed attempt; it doubles after each further one... */
  firstDelayMs: 30_000,
  /** ...up to this. */
  maxDelayMs: 4 * 60 * 60_000,
  /** A message not sent this long after it was stored is given up (about 20 attempts). */
  giveUpAfterMs: 2 * 24 * 60 * 60_000,
  /**
   * A claimed row is due again after this, should its process die mid-send: well over the mailer's
   * own time limits, so a slow send is not taken for a dead one.
   */
  leaseMs: 5 * 60_000,
};

/** The wait after `attempts` failed attempts: 30 s, 1 min, 2 min, ... up to 4 h. */
export function retryDelayMs(attempts: number, policy = OUTBOX_RETRY) {
  const doublings = Math.max(0, attempts - 1);
  return Math.min(policy.firstDelayMs * 2 ** Math.min(doublings, 30), policy.maxDelayMs);
}

/** When to try a failed message again, or null to give it up. */
export function nextAttemptAt(
  message: { attempts: number; createdAt: Date },
  now: Date,
  policy = OUTBOX_RETRY,
): Date | null {
  const at = new Date(now.getTime() + retryDelayMs(message.attempts, policy));
  return at.getTime() - message.createdAt.getTime() > policy.giveUpAfterMs ? null : at;
}

/**
 * What is kept of a failure: nodemailer's error code, the SMTP reply code and the command, never the
 * message (a server's reply may quote the address, a connection string its password).
 */
export function describeSendError(error: unknown): string {
  const { code, responseCode, command, name } = (error ?? {}) as {
    code?: unknown;
    responseCode?: unknown;
    command?: unknown;
    name?: unknown;
  };
  const parts = [
    typeof code === 'string' ? code : typeof name === 'string' ? name : 'Error',
    typeof responseCode === 'number' ? String(responseCode) : undefined,
    typeof command === 'string' ? command.split(' ')[0] : undefined,
  ];
  return parts.filter(Boolean).join(' ');
}
