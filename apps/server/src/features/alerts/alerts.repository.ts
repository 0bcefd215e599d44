import type { AlertType } from '@ec/contract/alerts';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { alerts } from './alerts.schema.ts';

export type AlertRow = typeof alerts.$inferSelect;

export interface AlertListFilter {
  orgGuid: string;
  alertType: AlertType;
  since: Date;
  /** The (timestamp, alert_guid) of the previous page's last row. */
  after?: [string, string];
  limit: number;
}

/** All SQL on alerts. Nothing raises alerts yet (the alert engine comes later); the lists read them. */
export function alertsRepository(db: Db) {
  return {
    /** One page of an organization's alerts of one type since a time, newest first. */
    async list(filter: AlertListFilter): Promise<AlertRow[]> {
      const where = [
        eq(alerts.orgGuid, filter.orgGuid),
        eq(alerts.alertType, filter.alertType),
        gte(alerts.timestamp, filter.since),
      ];
      if (filter.after) {
        const [timestamp, guid] = filter.after;
        where.push(
          sql`(${alerts.timestamp}, ${alerts.alertGuid}) < (${timestamp}::timestamptz, ${guid}::uuid)`,
        );
      }
      return db
        .select()
        .from(alerts)
        .where(and(...where))
        .orderBy(desc(alerts.timestamp), desc(alerts.alertGuid))
        .limit(filter.limit);
    },

    /** Active alerts (neither resolved nor silenced) of an organization since a time, of both types. */
    async countActive(orgGuid: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(alerts)
        .where(
          and(
            eq(alerts.orgGuid, orgGuid),
            eq(alerts.resolved, false),
            eq(alerts.silenced, false),
            gte(alerts.timestamp, since),
          ),
        );
      return row?.count ?? 0;
    },
  };
}
