import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { oidcLogins } from '../../db/tables/sso.schema.ts';

/** Sign-on round trips in flight, keyed by the digest of their state; each is used once. */
export function oidcLoginsRepository(db: Db) {
  return {
    async create(login: typeof oidcLogins.$inferInsert) {
      await db.insert(oidcLogins).values(login);
    },
    /** Takes the live round trip of a state out of the table, so that a state works only once. */
    async take(stateHash: string) {
      const [row] = await db
        .delete(oidcLogins)
        .where(and(eq(oidcLogins.stateHash, stateHash), gt(oidcLogins.expiresAt, new Date())))
        .returning();
      return row;
    },
    async deleteExpired(now: Date) {
      await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, now));
    },
  };
}
