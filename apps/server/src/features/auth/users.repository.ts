import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export function usersRepository(db: Db) {
  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row;
    },
    async findByGuid(userGuid: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.userGuid, userGuid));
      return row;
    },
    /** Inserts unless the e-mail is taken; answers undefined when it is. */
    async insert(user: NewUser): Promise<UserRow | undefined> {
      const [row] = await db
        .insert(users)
        .values(user)
        .onConflictDoNothing({ target: users.email })
        .returning();
      return row;
    },
    async markConfirmed(userGuid: string) {
      await db
        .update(users)
        .set({ status: 'CONFIRMED', emailVerified: true })
        .where(eq(users.userGuid, userGuid));
    },
    async setGroups(userGuid: string, groups: string[]) {
      await db.update(users).set({ groups }).where(eq(users.userGuid, userGuid));
    },
    async update(userGuid: string, values: Partial<NewUser>): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(values).where(eq(users.userGuid, userGuid)).returning();
      return row;
    },
    /**
     * Accepts a TOTP step only if it is newer than the last accepted one, in one statement so that two
     * requests with the same code cannot both pass.
     */
    async claimTotpStep(userGuid: string, step: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ totpLastStep: step })
        .where(
          and(eq(users.userGuid, userGuid), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))),
        )
        .returning({ userGuid: users.userGuid });
      return rows.length > 0;
    },
    async delete(userGuid: string) {
      await db.delete(users).where(eq(users.userGuid, userGuid));
    },
  };
}
