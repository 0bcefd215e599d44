import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { verificationCodes } from '../../db/tables/auth.schema.ts';
import { digest, digestsEqual, newNumericCode } from '../../shared/secrets.ts';

export type CodePurpose = (typeof verificationCodes.$inferInsert)['purpose'];

/**
 * How long a code lives, by purpose: a password reset is the most sensitive and the shortest; a texted
 * phone code lives as long as an e-mailed verification code.
 */
const CODE_TTL_MS: Record<CodePurpose, number> = {
  sign_up: 24 * 60 * 60_000,
  email_change: 24 * 60 * 60_000,
  phone_verification: 24 * 60 * 60_000,
  password_reset: 60 * 60_000,
};
/** Wrong guesses a code survives; then it is spent and a new one must be requested. */
const MAX_ATTEMPTS = 5;

export type CodeCheck = 'valid' | 'mismatch' | 'expired';

/**
 * One-time codes, e-mailed or texted: only the newest per purpose counts, compared in constant time. A
 * code issued for `sentTo` proves that address or number only: checked against another, it is expired.
 */
export function verificationCodesRepository(db: Db) {
  return {
    async issue(userGuid: string, purpose: CodePurpose, sentTo?: string): Promise<string> {
      const code = newNumericCode();
      await db.transaction(async (tx) => {
        await tx
          .delete(verificationCodes)
          .where(and(eq(verificationCodes.userGuid, userGuid), eq(verificationCodes.purpose, purpose)));
        await tx.insert(verificationCodes).values({
          userGuid,
          purpose,
          codeHash: digest(code),
          sentTo,
          expiresAt: new Date(Date.now() + CODE_TTL_MS[purpose]),
        });
      });
      return code;
    },

    async check(userGuid: string, purpose: CodePurpose, code: string, sentTo?: string): Promise<CodeCheck> {
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.userGuid, userGuid), eq(verificationCodes.purpose, purpose)))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      if (!row || row.expiresAt.getTime() < Date.now() || row.attempts >= MAX_ATTEMPTS) return 'expired';
      if (sentTo !== undefined && row.sentTo !== sentTo) return 'expired';
      if (!digestsEqual(row.codeHash, digest(code))) {
        await db
          .update(verificationCodes)
          .set({ attempts: sql`${verificationCodes.attempts} + 1` })
          .where(eq(verificationCodes.codeGuid, row.codeGuid));
        return 'mismatch';
      }
      await db.delete(verificationCodes).where(eq(verificationCodes.codeGuid, row.codeGuid));
      return 'valid';
    },
  };
}
