import type { MetadataEntry } from '@ec/contract/device-metadata';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { deviceOrgs } from '../../db/device-orgs.ts';
import { jsonRows } from '../../db/sql-helpers.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { devicesReads } from './devices.reads.ts';

/** A device as factory provisioning makes it: the rest of its columns take their defaults. */
export type NewDevice = Pick<
  typeof devices.$inferInsert,
  'serialNumber' | 'productName' | 'macAddress' | 'manufactureDate' | 'mqttSecretHash' | 'partnerId'
>;

/** Every write to devices (the device core's alone), with the reads of devices.reads.ts. */
export function devicesRepository(db: Db) {
  return {
    ...devicesReads(db),

    /**
     * Makes the devices in one statement whose rows are one JSON parameter, and answers each device's
     * guid by its serial number. drizzle's insert makes a parameter of every value: building 60,000 of
     * them for 10,000 devices held the event loop about half a second, every request waiting (decision
     * 298).
     */
    async insertMany(rows: readonly NewDevice[]): Promise<Map<string, string>> {
      const input = rows.map((row) => ({
        serial_number: row.serialNumber,
        product_name: row.productName,
        mac_address: row.macAddress,
        manufacture_date: row.manufactureDate,
        mqtt_secret_hash: row.mqttSecretHash,
        partner_id: row.partnerId ?? null,
      }));
      const created = (await db.execute(sql`
        insert into devices (serial_number, product_name, mac_address, manufacture_date, mqtt_secret_hash, partner_id)
        select serial_number, product_name, mac_address, manufacture_date, mqtt_secret_hash, partner_id
          from ${jsonRows(
            input,
            sql.raw(`r(serial_number text, product_name text, mac_address text, manufacture_date date,
                       mqtt_secret_hash text, partner_id text)`),
          )}
        returning device_guid, serial_number`)) as unknown as {
        rows: Array<{ device_guid: string; serial_number: string }>;
      };
      return new Map(created.rows.map((row) => [row.serial_number, row.device_guid]));
    },

    /**
     * The metadata of a device in `orgGuid`, its row locked until the transaction ends, so that a save
     * merges into what it read (undefined: not a device of that organization).
     */
    async lockMetadata(deviceGuid: string, orgGuid: string): Promise<MetadataEntry[] | undefined> {
      const [row] = await db
        .select({ metadata: devices.metadata })
        .from(devices)
        .where(and(eq(devices.deviceGuid, deviceGuid), eq(devices.orgGuid, orgGuid)))
        .for('update');
      return row?.metadata;
    },

    async setMetadata(deviceGuid: string, metadata: MetadataEntry[]) {
      await db.update(devices).set({ metadata }).where(eq(devices.deviceGuid, deviceGuid));
    },

    /** Adopts a device that no organization holds; answers undefined when another one got it first. */
    async adopt(deviceGuid: string, orgGuid: string) {
      const [row] = await db
        .update(devices)
        .set({ orgGuid, adoptedAt: new Date(), metadata: [] })
        .where(and(eq(devices.deviceGuid, deviceGuid), isNull(devices.orgGuid)))
        .returning();
      return row;
    },

    async forget(deviceGuid: string, orgGuid: string) {
      const [row] = await db
        .update(devices)
        .set({ orgGuid: null, adoptedAt: null, metadata: [] })
        .where(and(eq(devices.deviceGuid, deviceGuid), eq(devices.orgGuid, orgGuid)))
        .returning();
      return row;
    },

    /**
     * Marks many devices online or offline in one statement (one change per device); answers the
     * organization of each device that exists.
     */
    async setOnlineMany(
      changes: readonly { deviceGuid: string; online: boolean }[],
    ): Promise<Map<string, string | null>> {
      return deviceOrgs(
        db,
        sql`
        update devices set online = c.online, online_changed_at = now()
          from unnest(${sql.param(changes.map((c) => c.deviceGuid))}::uuid[],
                      ${sql.param(changes.map((c) => c.online))}::boolean[]) as c(device_guid, online)
          where devices.device_guid = c.device_guid
          returning devices.device_guid, devices.org_guid`,
      );
    },

    /** Stores the state many devices published, in one statement (one state per device). */
    async setStateMany(
      states: readonly { deviceGuid: string; state: Record<string, unknown> }[],
    ): Promise<Map<string, string | null>> {
      return deviceOrgs(
        db,
        sql`
        update devices set state = s.state, state_updated_at = now()
          from ${jsonRows(
            states.map((s) => ({ device_guid: s.deviceGuid, state: s.state })),
            sql.raw('s(device_guid uuid, state jsonb)'),
          )}
          where devices.device_guid = s.device_guid
          returning devices.device_guid, devices.org_guid`,
      );
    },
  };
}
