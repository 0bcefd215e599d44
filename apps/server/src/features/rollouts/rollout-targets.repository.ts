import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { fleetDevices } from '../../db/tables/fleets.schema.ts';
import { shadowTemplates } from '../../db/tables/shadow-templates.schema.ts';

/** The SQL of starting a rollout: its template and its target devices. */
export function rolloutTargetsRepository(db: Db) {
  return {
    async template(orgGuid: string, templateGuid: string) {
      const [row] = await db
        .select()
        .from(shadowTemplates)
        .where(and(eq(shadowTemplates.orgGuid, orgGuid), eq(shadowTemplates.templateGuid, templateGuid)));
      return row;
    },

    /** A fleet's devices (while in the organization they were added in), by name: the waves' order. */
    async fleetDevices(fleetGuid: string): Promise<string[]> {
      const rows = await db
        .select({ deviceGuid: devices.deviceGuid })
        .from(fleetDevices)
        .innerJoin(
          devices,
          and(eq(devices.deviceGuid, fleetDevices.deviceGuid), eq(devices.orgGuid, fleetDevices.orgGuid)),
        )
        .where(eq(fleetDevices.fleetGuid, fleetGuid))
        .orderBy(asc(sql`lower(${devices.deviceName})`), asc(devices.deviceGuid));
      return rows.map((row) => row.deviceGuid);
    },

    /** Which of `deviceGuids` are devices of the organization. */
    async inOrg(orgGuid: string, deviceGuids: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let start = 0; start < deviceGuids.length; start += 1000) {
        const rows = await db
          .select({ deviceGuid: devices.deviceGuid })
          .from(devices)
          .where(
            and(
              eq(devices.orgGuid, orgGuid),
              inArray(devices.deviceGuid, deviceGuids.slice(start, start + 1000)),
            ),
          );
        for (const row of rows) found.add(row.deviceGuid);
      }
      return found;
    },
  };
}
