import { and, eq, gte, isNull, type SQL, sql } from 'drizzle-orm';
import { alerts } from './tables/alerts.schema.ts';

/**
 * Active alerts (spec 2 §4.4): neither resolved nor silenced, not closed, raised since `since` (the
 * alert store's month). The bell counts them and a device's status shows them; one definition for both.
 */
export const isActiveAlertSince = (since: Date): SQL =>
  and(
    eq(alerts.resolved, false),
    eq(alerts.silenced, false),
    isNull(alerts.closedAt),
    isNull(alerts.dismissedAt),
    gte(alerts.timestamp, since),
  ) as SQL;

/**
 * How many active alerts of its current organization the outer query's device has, as a correlated
 * subquery: a page of devices carries its counts in its own statement, through the open-alerts index.
 * An alert raised while the device was in another organization is not counted. The device's columns
 * are named with their table (`d.device_guid`): drizzle writes a one-table query's columns bare, and a
 * bare `device_guid` would name the alert's own.
 */
export const activeAlertCountOf = (device: { deviceGuid: SQL; orgGuid: SQL }, since: Date): SQL<number> =>
  sql<number>`(select count(*)::int from ${alerts} where ${alerts.deviceGuid} = ${device.deviceGuid} and ${alerts.orgGuid} = ${device.orgGuid} and ${isActiveAlertSince(since)})`;
