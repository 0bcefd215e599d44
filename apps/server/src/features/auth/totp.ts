import { Secret, TOTP } from 'otpauth';

/** RFC 6238 defaults every authenticator app understands: SHA-1, 6 digits, 30 s steps. */
const PERIOD_SECONDS = 30;
/** Codes of one step before and after are accepted, for clocks a little apart. */
const SKEW_STEPS = 1;

const totpFor = (secret: string, label = '', issuer = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUri(secret: string, account: string, issuer: string): string {
  return totpFor(secret, account, issuer).toString();
}

/**
 * The time step a code belongs to, or null when it matches none within the skew window. Callers keep
 * the last accepted step and refuse a step that is not newer, so a code cannot be replayed.
 */
export function matchTotpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: SKEW_STEPS });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}
