import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/tables/auth.schema.ts';
import { personalAccessTokens } from '../../db/tables/pats.schema.ts';

export type PatRow = typeof personalAccessTokens.$inferSelect;

/** All SQL on personal_access_tokens. */
export function patsRepository(db: Db) {
  return {
    async insert(row: typeof personalAccessTokens.$inferInsert): Promise<PatRow> {
      const [inserted] = await db.insert(personalAccessTokens).values(row).returning();
      if (!inserted) throw new Error('inserting a personal access token returned no row');
      return inserted;
    },

    /** A user's tokens, newest first. */
    async listForUser(userGuid: string, limit: number): Promise<PatRow[]> {
      return db
        .select()
        .from(personalAccessTokens)
        .where(eq(personalAccessTokens.userGuid, userGuid))
        .orderBy(desc(personalAccessTokens.issued), desc(personalAccessTokens.tokenGuid))
        .limit(limit);
    },

    async find(tokenGuid: string): Promise<PatRow | undefined> {
      const [row] = await db
        .select()
        .from(personalAccessTokens)
        .where(eq(personalAccessTokens.tokenGuid, tokenGuid));
      return row;
    },

    /** The live (unexpired) token for a value digest, with its owner. */
    async findActive(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ token: personalAccessTokens, user: users })
        .from(personalAccessTokens)
        .innerJoin(users, eq(users.userGuid, personalAccessTokens.userGuid))
        .where(and(eq(personalAccessTokens.tokenHash, tokenHash), gt(personalAccessTokens.expires, now)));
      return row;
    },

    /**
     * Records a use, at most once a minute per token: the condition lives in the UPDATE itself, so busy
     * scripts do not write on every call and concurrent calls cannot both write.
     */
    async touch(tokenGuid: string) {
      await db
        .update(personalAccessTokens)
        .set({ lastUsed: sql`now()` })
        .where(
          and(
            eq(personalAccessTokens.tokenGuid, tokenGuid),
            or(
              isNull(personalAccessTokens.lastUsed),
              lt(personalAccessTokens.lastUsed, sql`now() - interval '1 minute'`),
            ),
          ),
        );
    },

    /** Deletes a token of this owner; answers false when there is none (or it is someone else's). */
    async deleteOwned(tokenGuid: string, userGuid: string): Promise<boolean> {
      const rows = await db
        .delete(personalAccessTokens)
        .where(
          and(eq(personalAccessTokens.tokenGuid, tokenGuid), eq(personalAccessTokens.userGuid, userGuid)),
        )
        .returning({ tokenGuid: personalAccessTokens.tokenGuid });
      return rows.length > 0;
    },
  };
}
