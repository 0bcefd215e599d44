import { and, asc, eq, ilike, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { escapeLike, sortNameOf } from '../../db/sql-helpers.ts';
import { users } from '../../db/tables/auth.schema.ts';

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
    /** A phone number written with a different value is no longer verified, whoever changes it. */
    async update(userGuid: string, values: Partial<NewUser>): Promise<UserRow | undefined> {
      const set =
        values.phoneNumber === undefined || values.phoneNumberVerified !== undefined
          ? values
          : {
              ...values,
              phoneNumberVerified: sql<boolean>`${users.phoneNumberVerified} and ${users.phoneNumber} is not distinct from ${values.phoneNumber}`,
            };
      const [row] = await db.update(users).set(set).where(eq(users.userGuid, userGuid)).returning();
      return row;
    },
    /** Marks the phone number verified, unless it changed since the code was sent to `phoneNumber`. */
    async markPhoneVerified(userGuid: string, phoneNumber: string): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ phoneNumberVerified: true })
        .where(and(eq(users.userGuid, userGuid), eq(users.phoneNumber, phoneNumber)))
        .returning();
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
    /**
     * The user behind a single sign-on identity: found by issuer and subject, else by e-mail (an
     * account of that address becomes an SSO account, its password dropped), else created.
     */
    async upsertExternal(identity: { issuer: string; subject: string; email: string; name: string }) {
      const external = {
        status: 'EXTERNAL_PROVIDER' as const,
        externalIssuer: identity.issuer,
        externalSubject: identity.subject,
        email: identity.email,
        emailVerified: true,
        passwordHash: null,
        pendingEmail: null,
        mfaMethod: 'NOMFA' as const,
        totpSecret: null,
        totpPendingSecret: null,
      };
      const [known] = await db
        .select()
        .from(users)
        .where(and(eq(users.externalIssuer, identity.issuer), eq(users.externalSubject, identity.subject)));
      const sameEmail = known ?? (await this.findByEmail(identity.email));
      if (sameEmail) return (await this.update(sameEmail.userGuid, { ...external, name: identity.name }))!;
      const [created] = await db
        .insert(users)
        .values({ ...external, name: identity.name, locale: 'en-US', zoneinfo: 'America/New_York' })
        .returning();
      return created!;
    },
    async delete(userGuid: string) {
      await db.delete(users).where(eq(users.userGuid, userGuid));
    },
    /**
     * User administration search: a case-insensitive starts-with (or contains) match on one attribute,
     * sorted by name then guid, one page after `after`, with the count of every match.
     */
    async search(input: {
      attribute: 'name' | 'email' | 'phone_number';
      value?: string;
      startsWith: boolean;
      after?: [string, string];
      limit: number;
    }) {
      const filters: SQL[] = [];
      if (input.value) {
        const column = { name: users.name, email: users.email, phone_number: users.phoneNumber }[
          input.attribute
        ];
        const pattern = escapeLike(input.value);
        filters.push(ilike(column, input.startsWith ? `${pattern}%` : `%${pattern}%`));
      }
      const matches = filters.length ? and(...filters) : undefined;
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(matches);
      const page = [...filters];
      if (input.after) {
        const [name, guid] = input.after;
        page.push(sql`(${userSortName}, ${users.userGuid}) > (${name} collate "C", ${guid}::uuid)`);
      }
      const rows = await db
        .select({ user: users, sortName: userSortName })
        .from(users)
        .where(page.length ? and(...page) : undefined)
        .orderBy(userSortName, asc(users.userGuid))
        .limit(input.limit);
      return { rows, total: count?.n ?? 0 };
    },
  };
}

const userSortName = sortNameOf(users.name);
