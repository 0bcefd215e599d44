import { ACCOUNT_MESSAGES } from '@ec/contract/account';
import { AUTH_ERRORS } from '@ec/contract/auth';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { RATE_LIMITS, rateLimiter } from '../../http/rate-limiter.ts';
import type { UserRow } from './users.repository.ts';
import { type CodePurpose, verificationCodesRepository } from './verification-codes.repository.ts';

/** Where a request came from, for the per-address rate limits. */
export interface ClientContext {
  ip: string;
}

export const codeMismatch = () =>
  ApiError.badRequest('Invalid verification code provided, please try again.', AUTH_ERRORS.codeMismatch);
const codeExpired = () =>
  ApiError.badRequest('Invalid code provided, please request a code again.', AUTH_ERRORS.expiredCode);

/**
 * Verification codes with their limits, whichever way they travel (e-mail or text message): a re-send
 * at most once per 30 s per account (spec 1 §4.4), code checks counted per account and per address,
 * and a code spent after too many wrong guesses. A code issued with `sentTo` proves that address or
 * number only.
 */
export function verification(db: Db) {
  const codes = verificationCodesRepository(db);
  const limits = rateLimiter(db);

  async function limitCodeCheck(accountKey: string, client: ClientContext) {
    await limits.hit([
      { key: `code:account:${accountKey}`, rule: RATE_LIMITS.codeChecksPerAccount },
      { key: `code:ip:${client.ip}`, rule: RATE_LIMITS.codeChecksPerAddress },
    ]);
  }

  return {
    issue: (user: UserRow, purpose: CodePurpose, sentTo?: string) =>
      codes.issue(user.userGuid, purpose, sentTo),

    async limitResend(accountKey: string, client: ClientContext) {
      await limits.hit(
        [
          { key: `resend:account:${accountKey}`, rule: RATE_LIMITS.resendPerAccount },
          { key: `resend:ip:${client.ip}`, rule: RATE_LIMITS.resendPerAddress },
        ],
        ACCOUNT_MESSAGES.resendWait,
      );
    },

    limitCodeCheck,

    /**
     * Throws unless `code` is the live code of that purpose (and was sent to `sentTo`, when given); a
     * wrong one counts against it.
     */
    async check(user: UserRow, purpose: CodePurpose, code: string, client: ClientContext, sentTo?: string) {
      await limitCodeCheck(user.userGuid, client);
      const check = await codes.check(user.userGuid, purpose, code, sentTo);
      if (check === 'expired') throw codeExpired();
      if (check === 'mismatch') throw codeMismatch();
    },
  };
}
