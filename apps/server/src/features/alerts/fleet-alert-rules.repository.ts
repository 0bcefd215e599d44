import type { FleetAlertTemplateBody } from '@ec/contract/fleet-templates';
import { alertConfigSchema } from '@ec/contract/shadow-documents/alerts';
import { and, asc, eq, getTableColumns, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { inGuids } from '../../db/sql-helpers.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { fleetAlertTemplates, fleetDevices, fleets } from '../../db/tables/fleets.schema.ts';

export type FleetAlertTemplateRow = typeof fleetAlertTemplates.$inferSelect;

/** A template and whether an alert raised from it is open (ALARM) on a device. */
export type FleetAlertTemplateWithState = FleetAlertTemplateRow & { alarm: boolean };

/**
 * A template's rule id is its guid: an alert's condition key starts with it (alert-rules.ts). Only the
 * open alerts of the fleet's devices are looked at, through the open-alerts index by device. Written
 * with its tables named: drizzle writes a one-table query's columns bare, and a bare alert_guid or
 * device_guid would be ambiguous here.
 */
const alarmOf = sql<boolean>`exists (
  select 1 from fleet_devices fd
    join alerts a on a.device_guid = fd.device_guid and a.org_guid = fd.org_guid
   where fd.fleet_guid = fleet_alert_templates.fleet_guid
     and a.closed_at is null and a.resolved = false and a.category = 'fleet'
     and split_part(a.condition_key, ':', 1) = fleet_alert_templates.alert_guid::text)`;

/** The SQL of fleets' alert templates (spec 2 §2.6 Alerts). */
export function fleetAlertRulesRepository(db: Db) {
  return {
    list(fleetGuid: string): Promise<FleetAlertTemplateWithState[]> {
      return db
        .select({ ...getTableColumns(fleetAlertTemplates), alarm: alarmOf })
        .from(fleetAlertTemplates)
        .where(eq(fleetAlertTemplates.fleetGuid, fleetGuid))
        .orderBy(asc(fleetAlertTemplates.position));
    },

    /**
     * The templates of the fleets holding these devices, each with the device it applies to: a device
     * counts in a fleet while it is in the organization it was added in.
     */
    ofDevices(deviceGuids: readonly string[]) {
      if (deviceGuids.length === 0) return Promise.resolve([]);
      return db
        .select({ deviceGuid: fleetDevices.deviceGuid, ...getTableColumns(fleetAlertTemplates) })
        .from(fleetDevices)
        .innerJoin(
          devices,
          and(eq(devices.deviceGuid, fleetDevices.deviceGuid), eq(devices.orgGuid, fleetDevices.orgGuid)),
        )
        .innerJoin(fleetAlertTemplates, eq(fleetAlertTemplates.fleetGuid, fleetDevices.fleetGuid))
        .where(inGuids(fleetDevices.deviceGuid, deviceGuids))
        .orderBy(asc(fleetAlertTemplates.fleetGuid), asc(fleetAlertTemplates.position));
    },

    /** The fleet's devices (still in the organization they were added in), judged again on a save. */
    async devicesOf(fleetGuid: string) {
      const rows = await db
        .select({ deviceGuid: fleetDevices.deviceGuid })
        .from(fleetDevices)
        .innerJoin(
          devices,
          and(eq(devices.deviceGuid, fleetDevices.deviceGuid), eq(devices.orgGuid, fleetDevices.orgGuid)),
        )
        .where(eq(fleetDevices.fleetGuid, fleetGuid));
      return rows.map((row) => row.deviceGuid);
    },

    /**
     * Replaces the fleet's list in one transaction: the fleet's row is held so two saves take turns,
     * the templates left out are removed, the others written in the order given. Answers false, and
     * changes nothing, when a guid is another fleet's template.
     */
    async replace(fleetGuid: string, templates: readonly FleetAlertTemplateBody[], userGuid: string) {
      return db.transaction(async (tx) => {
        await tx
          .select({ fleetGuid: fleets.fleetGuid })
          .from(fleets)
          .where(eq(fleets.fleetGuid, fleetGuid))
          .for('update');
        const guids = templates.map((template) => template.alert_guid);
        if (guids.length > 0) {
          const elsewhere = await tx
            .select({ alertGuid: fleetAlertTemplates.alertGuid })
            .from(fleetAlertTemplates)
            .where(
              and(
                inArray(fleetAlertTemplates.alertGuid, guids),
                ne(fleetAlertTemplates.fleetGuid, fleetGuid),
              ),
            );
          if (elsewhere.length > 0) return false;
        }
        await tx
          .delete(fleetAlertTemplates)
          .where(
            and(
              eq(fleetAlertTemplates.fleetGuid, fleetGuid),
              guids.length > 0 ? notInArray(fleetAlertTemplates.alertGuid, guids) : undefined,
            ),
          );
        if (templates.length === 0) return true;
        await tx
          .insert(fleetAlertTemplates)
          .values(
            templates.map((template, position) => ({
              alertGuid: template.alert_guid,
              fleetGuid,
              position,
              type: template.type,
              name: template.name,
              label: template.label,
              config: alertConfigSchema.parse(template.config),
              updatedBy: userGuid,
            })),
          )
          .onConflictDoUpdate({
            target: fleetAlertTemplates.alertGuid,
            set: {
              position: sql`excluded.position`,
              type: sql`excluded.type`,
              name: sql`excluded.name`,
              label: sql`excluded.label`,
              config: sql`excluded.config`,
              // A template saved unchanged keeps who changed it last and when.
              updatedBy: sql`case when (${fleetAlertTemplates.type}, ${fleetAlertTemplates.name}, ${fleetAlertTemplates.label}, ${fleetAlertTemplates.config}) is distinct from (excluded.type, excluded.name, excluded.label, excluded.config) then excluded.updated_by else ${fleetAlertTemplates.updatedBy} end`,
              updatedAt: sql`case when (${fleetAlertTemplates.type}, ${fleetAlertTemplates.name}, ${fleetAlertTemplates.label}, ${fleetAlertTemplates.config}) is distinct from (excluded.type, excluded.name, excluded.label, excluded.config) then now() else ${fleetAlertTemplates.updatedAt} end`,
            },
          });
        return true;
      });
    },
  };
}
