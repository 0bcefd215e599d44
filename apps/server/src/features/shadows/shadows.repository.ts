import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { shadowCommands, shadows } from '../../db/schema.ts';

export type ShadowRow = typeof shadows.$inferSelect;
export type ShadowCommandRow = typeof shadowCommands.$inferSelect;
type JsonObject = Record<string, unknown>;

export function shadowsRepository(db: Db) {
  return {
    async list(deviceGuid: string, names?: readonly string[]) {
      const where = [eq(shadows.deviceGuid, deviceGuid)];
      if (names?.length) where.push(inArray(shadows.shadowName, [...names]));
      return db
        .select()
        .from(shadows)
        .where(and(...where));
    },

    /**
     * Stores a reported document unless a newer version is already stored, so a late or repeated
     * message never rolls a shadow back. Answers whether it was stored.
     */
    async saveReported(deviceGuid: string, shadowName: string, state: JsonObject, version: number) {
      const now = new Date();
      const rows = await db
        .insert(shadows)
        .values({ deviceGuid, shadowName, reportedState: state, reportedVersion: version, reportedAt: now })
        .onConflictDoUpdate({
          target: [shadows.deviceGuid, shadows.shadowName],
          set: { reportedState: state, reportedVersion: version, reportedAt: now },
          setWhere: or(isNull(shadows.reportedVersion), lte(shadows.reportedVersion, version)),
        })
        .returning({ deviceGuid: shadows.deviceGuid });
      return rows.length > 0;
    },

    async saveRequested(deviceGuid: string, shadowName: string, state: JsonObject) {
      const now = new Date();
      await db
        .insert(shadows)
        .values({ deviceGuid, shadowName, requestedState: state, requestedAt: now })
        .onConflictDoUpdate({
          target: [shadows.deviceGuid, shadows.shadowName],
          set: { requestedState: state, requestedAt: now },
        });
    },

    async createCommands(rows: (typeof shadowCommands.$inferInsert)[]) {
      return db.insert(shadowCommands).values(rows).returning();
    },

    async findCommand(deviceGuid: string, commandGuid: string) {
      const [row] = await db
        .select()
        .from(shadowCommands)
        .where(and(eq(shadowCommands.deviceGuid, deviceGuid), eq(shadowCommands.commandGuid, commandGuid)));
      return row;
    },

    /** Finishes a pending command once; a repeated result changes nothing. */
    async finishCommand(
      deviceGuid: string,
      commandGuid: string,
      outcome: { commandState: 'succeeded' | 'failed'; response: NonNullable<ShadowCommandRow['response']> },
    ) {
      const [row] = await db
        .update(shadowCommands)
        .set({ ...outcome, finishedAt: new Date() })
        .where(
          and(
            eq(shadowCommands.deviceGuid, deviceGuid),
            eq(shadowCommands.commandGuid, commandGuid),
            eq(shadowCommands.commandState, 'pending'),
          ),
        )
        .returning();
      return row;
    },
  };
}
