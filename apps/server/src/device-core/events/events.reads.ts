import { and, desc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/tables/auth.schema.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { deviceEvents } from '../../db/tables/events.schema.ts';
import { fleetDevices } from '../../db/tables/fleets.schema.ts';
import { grantedToUser } from '../device-users/device-users.reads.ts';

/**
 * The events a list shows: one organization's (the events recorded while a device was in another
 * organization stay with that one), optionally only some devices or those granted to a user.
 */
export interface EventsFilter {
  /** Null: the events of an unadopted device, recorded while no organization held it. */
  orgGuid: string | null;
  deviceGuids?: readonly string[];
  /**
   * A fleet's events (decision 179): those naming the fleet (its own changes, devices added and
   * removed) and those of the devices in it now.
   */
  fleetGuid?: string;
  /** Only devices granted to this user (a device user who is not a member of the organization). */
  grantedTo?: string;
  start: Date;
  end: Date;
  /** The previous page's last event: its time in microseconds since the epoch, and its guid. */
  before?: readonly [micros: string, eventGuid: string];
  limit: number;
}

/**
 * An event's time in whole microseconds, the database's own precision: a page key in milliseconds
 * would skip or repeat the events recorded within one millisecond (a fleet's connection changes).
 */
const timestampMicros = sql<string>`(extract(epoch from ${deviceEvents.timestamp}) * 1000000)::bigint::text`;

/**
 * What the rest of the server reads of the devices' events: queries that change and lock nothing.
 * Every event is written by the device core (events.repository.ts, through its services and the bus's
 * recording listeners).
 */
export function eventsReads(db: Db) {
  return {
    /**
     * One page, newest first, with each device's current name and the e-mail of the user an event
     * names (compared as text: a device's own events may carry anything under user_guid).
     */
    async list(filter: EventsFilter) {
      const where: SQL[] = [
        filter.orgGuid === null ? isNull(deviceEvents.orgGuid) : eq(deviceEvents.orgGuid, filter.orgGuid),
        gte(deviceEvents.timestamp, filter.start),
        lte(deviceEvents.timestamp, filter.end),
      ];
      if (filter.deviceGuids?.length) where.push(inArray(deviceEvents.deviceGuid, [...filter.deviceGuids]));
      if (filter.fleetGuid)
        where.push(
          sql`(${deviceEvents.fleetGuid} = ${filter.fleetGuid} or ${deviceEvents.deviceGuid} in (select ${fleetDevices.deviceGuid} from ${fleetDevices} where ${fleetDevices.fleetGuid} = ${filter.fleetGuid} and ${fleetDevices.orgGuid} = ${deviceEvents.orgGuid}))`,
        );
      if (filter.grantedTo) where.push(grantedToUser(db, deviceEvents, filter.grantedTo));
      if (filter.before) {
        const [micros, eventGuid] = filter.before;
        where.push(
          sql`(${deviceEvents.timestamp}, ${deviceEvents.eventGuid}) < ('epoch'::timestamptz + ${micros}::bigint * interval '1 microsecond', ${eventGuid}::uuid)`,
        );
      }
      return db
        .select({
          event: deviceEvents,
          deviceName: devices.deviceName,
          userEmail: users.email,
          micros: timestampMicros,
        })
        .from(deviceEvents)
        .leftJoin(devices, eq(devices.deviceGuid, deviceEvents.deviceGuid))
        .leftJoin(users, sql`${users.userGuid}::text = ${deviceEvents.eventData}->>'user_guid'`)
        .where(and(...where))
        .orderBy(desc(deviceEvents.timestamp), desc(deviceEvents.eventGuid))
        .limit(filter.limit);
    },
  };
}
