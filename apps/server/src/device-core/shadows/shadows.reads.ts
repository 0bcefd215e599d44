import { SERVER_SIDE_FAILURES } from '@ec/contract/shadows';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { inGuids } from '../../db/sql-helpers.ts';
import { shadowCommands, shadows } from '../../db/tables/shadows.schema.ts';

export type ShadowRow = typeof shadows.$inferSelect;
export type ShadowCommandRow = typeof shadowCommands.$inferSelect;

/**
 * Commands the device received without answering yet: pending, or failed by the server on the
 * device's behalf. A command still waiting for an offline device is not among them.
 */
export const unconfirmed = or(
  and(eq(shadowCommands.commandState, 'pending'), isNotNull(shadowCommands.deliveredAt)),
  and(
    eq(shadowCommands.commandState, 'failed'),
    inArray(sql`${shadowCommands.response}->>'error_code'`, [...SERVER_SIDE_FAILURES]),
  ),
);

// Statements of every set and every report a device makes, prepared once (decision 195).
const namedShadows = preparedStatement((db) =>
  db
    .select()
    .from(shadows)
    .where(
      and(
        eq(shadows.deviceGuid, sql.placeholder('deviceGuid')),
        sql`${shadows.shadowName} = any(${sql.placeholder('names')}::text[])`,
      ),
    )
    .prepare('named_shadows'),
);

const unansweredSets = preparedStatement((db) =>
  db
    .select()
    .from(shadowCommands)
    .where(
      and(
        sql`${shadowCommands.deviceGuid} = any(${sql.placeholder('deviceGuids')}::uuid[])`,
        gte(shadowCommands.createdAt, sql.placeholder('since')),
        eq(shadowCommands.commandType, 'set'),
        unconfirmed,
      ),
    )
    .prepare('unanswered_sets'),
);

/**
 * What the rest of the server reads of shadows and their commands: queries that change and lock
 * nothing. Every write is the device core's (shadows.repository.ts, through the shadow service).
 */
export function shadowsReads(db: Db) {
  return {
    async list(deviceGuid: string, names?: readonly string[]) {
      if (names?.length) return namedShadows(db).execute({ deviceGuid, names: [...names] });
      return db.select().from(shadows).where(eq(shadows.deviceGuid, deviceGuid));
    },

    async findCommand(deviceGuid: string, commandGuid: string) {
      const [row] = await db
        .select()
        .from(shadowCommands)
        .where(and(eq(shadowCommands.deviceGuid, deviceGuid), eq(shadowCommands.commandGuid, commandGuid)));
      return row;
    },

    /** The devices' pending commands not yet handed to the broker, oldest first (they were offline). */
    async undelivered(deviceGuids: readonly string[]) {
      return db
        .select()
        .from(shadowCommands)
        .where(
          and(
            inGuids(shadowCommands.deviceGuid, deviceGuids),
            eq(shadowCommands.commandState, 'pending'),
            isNull(shadowCommands.deliveredAt),
          ),
        )
        .orderBy(asc(shadowCommands.createdAt));
    },

    /** Pending commands handed to the broker before `before`: the device has not answered them. */
    async deliveredBefore(before: Date) {
      return db
        .select()
        .from(shadowCommands)
        .where(and(eq(shadowCommands.commandState, 'pending'), lt(shadowCommands.deliveredAt, before)));
    },

    /** The devices' set commands created since `since` that the devices have not answered. */
    async unansweredSetsSince(deviceGuids: readonly string[], since: Date) {
      return unansweredSets(db).execute({ deviceGuids: [...deviceGuids], since: since.toISOString() });
    },

    /** Each device and shadow with a command created since `since` that the device has not answered. */
    async unconfirmedSince(since: Date) {
      return db
        .selectDistinct({ deviceGuid: shadowCommands.deviceGuid, shadowName: shadowCommands.shadowName })
        .from(shadowCommands)
        .where(and(gte(shadowCommands.createdAt, since), unconfirmed));
    },
  };
}
