import type { AlertType } from '@ec/contract/alerts';
import { and, count, desc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { isActiveAlertSince } from '../../db/active-alerts.ts';
import type { Db } from '../../db/database.ts';
import { alerts } from '../../db/tables/alerts.schema.ts';

export type AlertRow = typeof alerts.$inferSelect;

export interface AlertListFilter {
  orgGuid: string;
  alertType: AlertType;
  since: Date;
  /** The (timestamp, alert_guid) of the previous page's last row. */
  after?: [string, string];
  limit: number;
}

export interface AlertHistoryFilter extends Omit<AlertListFilter, 'since'> {
  start: Date;
  end: Date;
  deviceGuids?: readonly string[];
}

/** The page key of the lists: (timestamp, alert_guid) below the previous page's last row. */
const before = ([timestamp, guid]: [string, string]) =>
  sql`(${alerts.timestamp}, ${alerts.alertGuid}) < (${timestamp}::timestamptz, ${guid}::uuid)`;

/** The SQL of the alert lists and of what people do to alerts (the engine's is alert-engine.repository.ts). */
export function alertsRepository(db: Db) {
  /** One page of the alerts matching `where`, after the previous page's last row, newest first. */
  const newestFirst = (where: SQL[], page: { after?: [string, string]; limit: number }) =>
    db
      .select()
      .from(alerts)
      .where(and(...where, ...(page.after ? [before(page.after)] : [])))
      .orderBy(desc(alerts.timestamp), desc(alerts.alertGuid))
      .limit(page.limit);

  return {
    /**
     * One page of an organization's alerts of one type since a time, newest first: open and resolved
     * ones, not those a person closed (Close Alert takes them off, spec 2 §4.4).
     */
    async list(filter: AlertListFilter): Promise<AlertRow[]> {
      const where = [
        eq(alerts.orgGuid, filter.orgGuid),
        eq(alerts.alertType, filter.alertType),
        gte(alerts.timestamp, filter.since),
        isNull(alerts.dismissedAt),
      ];
      return newestFirst(where, filter);
    },

    /** Every alert of one type in a window, closed ones too, optionally of some devices, newest first. */
    async history(filter: AlertHistoryFilter): Promise<AlertRow[]> {
      const where = [
        eq(alerts.orgGuid, filter.orgGuid),
        eq(alerts.alertType, filter.alertType),
        gte(alerts.timestamp, filter.start),
        lte(alerts.timestamp, filter.end),
      ];
      if (filter.deviceGuids?.length) where.push(inArray(alerts.deviceGuid, [...filter.deviceGuids]));
      return newestFirst(where, filter);
    },

    /**
     * Active alerts of an organization since a time, of both types: open (neither resolved nor closed),
     * not silenced, not closed by a person; only one device's when `deviceGuid` is given.
     */
    async countActive(scope: { orgGuid: string; deviceGuid?: string }, since: Date): Promise<number> {
      const where = [eq(alerts.orgGuid, scope.orgGuid), isActiveAlertSince(since)];
      if (scope.deviceGuid) where.push(eq(alerts.deviceGuid, scope.deviceGuid));
      const [row] = await db
        .select({ count: count() })
        .from(alerts)
        .where(and(...where));
      return row?.count ?? 0;
    },

    /** A device's active alerts in an organization since a time, of both types, newest first. */
    async activeOfDevice(device: { deviceGuid: string; orgGuid: string }, since: Date): Promise<AlertRow[]> {
      return db
        .select()
        .from(alerts)
        .where(
          and(
            eq(alerts.deviceGuid, device.deviceGuid),
            eq(alerts.orgGuid, device.orgGuid),
            isActiveAlertSince(since),
          ),
        )
        .orderBy(desc(alerts.timestamp), desc(alerts.alertGuid));
    },

    async find(alertGuid: string): Promise<AlertRow | undefined> {
      const [row] = await db.select().from(alerts).where(eq(alerts.alertGuid, alertGuid));
      return row;
    },

    /** Silences or unsilences an open alert; undefined when it is closed. */
    async setSilenced(alertGuid: string, silenced: boolean, userGuid: string): Promise<AlertRow | undefined> {
      const [row] = await db
        .update(alerts)
        .set({
          silenced,
          silencedToggledBy: userGuid,
          silencedTimestamp: sql`now()`,
          lastStatusChange: sql`now()`,
        })
        .where(and(eq(alerts.alertGuid, alertGuid), isNull(alerts.closedAt)))
        .returning();
      return row;
    },

    /**
     * Close Alert: an open alert closes by the person; any alert leaves the current lists. A resolved
     * alert keeps its 'auto' closer and time. Undefined when it was closed by a person already.
     */
    async closeByPerson(alertGuid: string, userGuid: string): Promise<AlertRow | undefined> {
      const [row] = await db
        .update(alerts)
        .set({
          closedBy: sql`case when ${alerts.closedAt} is null then ${userGuid} else ${alerts.closedBy} end`,
          lastStatusChange: sql`case when ${alerts.closedAt} is null then now() else ${alerts.lastStatusChange} end`,
          closedAt: sql`coalesce(${alerts.closedAt}, now())`,
          dismissedAt: sql`now()`,
        })
        .where(and(eq(alerts.alertGuid, alertGuid), isNull(alerts.dismissedAt)))
        .returning();
      return row;
    },
  };
}
