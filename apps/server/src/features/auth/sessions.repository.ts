import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { mfaChallenges, sessions, users } from '../../db/tables/auth.schema.ts';

/** MFA challenges allow this many wrong codes before the password must be entered again. */
const MAX_CHALLENGE_ATTEMPTS = 5;

/** Every authenticated call reads its session: prepared once (decision 195). */
const activeSession = preparedStatement((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.userGuid, sessions.userGuid))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('active_session'),
);

export function sessionsRepository(db: Db) {
  return {
    async create(session: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(session);
    },
    /** The live session for an access token digest, with its user. */
    async findActive(tokenHash: string, now: Date) {
      const [row] = await activeSession(db).execute({ tokenHash, now: now.toISOString() });
      return row;
    },
    /**
     * Swaps a live refresh token for new tokens in one statement, so a refresh token works exactly once
     * even when two tabs race with it. Answers the session's user, or undefined.
     */
    async rotate(
      refreshTokenHash: string,
      next: { tokenHash: string; expiresAt: Date; refreshTokenHash: string; refreshExpiresAt: Date },
    ) {
      const [row] = await db
        .update(sessions)
        .set(next)
        .where(
          and(eq(sessions.refreshTokenHash, refreshTokenHash), gt(sessions.refreshExpiresAt, new Date())),
        )
        .returning({ userGuid: sessions.userGuid });
      return row;
    },
    async deleteByTokenHash(tokenHash: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },
    /** Ends every session of a user (password reset, account deletion). */
    async deleteForUser(userGuid: string, exceptTokenHash?: string) {
      await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.userGuid, userGuid),
            exceptTokenHash ? sql`${sessions.tokenHash} <> ${exceptTokenHash}` : undefined,
          ),
        );
    },
    async deleteExpired(now: Date) {
      await db.delete(sessions).where(lt(sessions.refreshExpiresAt, now));
      await db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, now));
    },

    async createChallenge(challenge: { userGuid: string; tokenHash: string; expiresAt: Date }) {
      await db.insert(mfaChallenges).values(challenge);
    },
    /** The user of a live challenge that still has attempts left. */
    async findChallenge(tokenHash: string) {
      const [row] = await db
        .select()
        .from(mfaChallenges)
        .where(
          and(
            eq(mfaChallenges.tokenHash, tokenHash),
            gt(mfaChallenges.expiresAt, new Date()),
            lt(mfaChallenges.attempts, MAX_CHALLENGE_ATTEMPTS),
          ),
        );
      return row;
    },
    async countChallengeFailure(challengeGuid: string) {
      await db
        .update(mfaChallenges)
        .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
        .where(eq(mfaChallenges.challengeGuid, challengeGuid));
    },
    async deleteChallenge(challengeGuid: string) {
      await db.delete(mfaChallenges).where(eq(mfaChallenges.challengeGuid, challengeGuid));
    },
  };
}
