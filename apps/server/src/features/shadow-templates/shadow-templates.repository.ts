import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { fleetDevices, fleets } from '../../db/tables/fleets.schema.ts';
import { orgs } from '../../db/tables/orgs.schema.ts';
import { shadowTemplates } from '../../db/tables/shadow-templates.schema.ts';
import { shadows } from '../../db/tables/shadows.schema.ts';

export type ShadowTemplateRow = typeof shadowTemplates.$inferSelect;

export interface TemplateInput {
  templateGuid?: string;
  templateName: string;
  shadowName: string;
  state: Record<string, unknown>;
}

/**
 * Whose templates (spec 3 §7 target_object): an organization's own (fleetGuid null) or one of its
 * fleets' (decision 185).
 */
export interface TemplateOwner {
  orgGuid: string;
  fleetGuid: string | null;
}

/** The rows of exactly this owner: an organization's own list leaves its fleets' out. */
const ownedBy = (owner: TemplateOwner): SQL =>
  and(
    eq(shadowTemplates.orgGuid, owner.orgGuid),
    owner.fleetGuid ? eq(shadowTemplates.fleetGuid, owner.fleetGuid) : isNull(shadowTemplates.fleetGuid),
  ) as SQL;

/** All SQL on shadow templates; every call names the owner, so no other one's is touched. */
export function shadowTemplatesRepository(db: Db) {
  return {
    /**
     * Every device of the fleet with its reported document of each of `shadowNames`, in one statement:
     * a row per device and shadow it reports (one with no shadow when it reports none of them).
     */
    async fleetReported(fleetGuid: string, orgGuid: string, shadowNames: readonly string[]) {
      return db
        .select({
          deviceGuid: devices.deviceGuid,
          deviceName: devices.deviceName,
          serialNumber: devices.serialNumber,
          shadowName: shadows.shadowName,
          reported: shadows.reportedState,
        })
        .from(fleetDevices)
        .innerJoin(
          devices,
          and(eq(devices.deviceGuid, fleetDevices.deviceGuid), eq(devices.orgGuid, fleetDevices.orgGuid)),
        )
        .leftJoin(
          shadows,
          and(
            eq(shadows.deviceGuid, devices.deviceGuid),
            inArray(shadows.shadowName, shadowNames.length ? [...shadowNames] : ['']),
          ),
        )
        .where(and(eq(fleetDevices.fleetGuid, fleetGuid), eq(fleetDevices.orgGuid, orgGuid)))
        .orderBy(asc(sql`lower(${devices.deviceName})`), asc(devices.deviceGuid));
    },

    async list(owner: TemplateOwner, filter: { names?: readonly string[]; shadowName?: string } = {}) {
      const where = [ownedBy(owner)];
      if (filter.names?.length) where.push(inArray(shadowTemplates.templateName, [...filter.names]));
      if (filter.shadowName) where.push(eq(shadowTemplates.shadowName, filter.shadowName));
      return db
        .select()
        .from(shadowTemplates)
        .where(and(...where))
        .orderBy(asc(shadowTemplates.shadowName), asc(shadowTemplates.templateName));
    },

    /** Holds the owner's row (organization or fleet) until the transaction ends: its saves take turns. */
    async lockOwner(owner: TemplateOwner) {
      if (owner.fleetGuid)
        await db
          .select({ fleetGuid: fleets.fleetGuid })
          .from(fleets)
          .where(eq(fleets.fleetGuid, owner.fleetGuid))
          .for('update');
      else
        await db
          .select({ orgGuid: orgs.orgGuid })
          .from(orgs)
          .where(eq(orgs.orgGuid, owner.orgGuid))
          .for('update');
    },

    async findByName(owner: TemplateOwner, shadowName: string, templateName: string) {
      const [row] = await db
        .select()
        .from(shadowTemplates)
        .where(
          and(
            ownedBy(owner),
            eq(shadowTemplates.shadowName, shadowName),
            eq(shadowTemplates.templateName, templateName),
          ),
        );
      return row;
    },

    async count(owner: TemplateOwner): Promise<number> {
      const [row] = await db.select({ count: count() }).from(shadowTemplates).where(ownedBy(owner));
      return row?.count ?? 0;
    },

    /** Changes the owner's template of that guid; undefined when it has none. */
    async update(owner: TemplateOwner, templateGuid: string, input: TemplateInput, userGuid: string) {
      const [row] = await db
        .update(shadowTemplates)
        .set({
          templateName: input.templateName,
          shadowName: input.shadowName,
          state: input.state,
          updatedAt: new Date(),
          updatedBy: userGuid,
        })
        .where(and(ownedBy(owner), eq(shadowTemplates.templateGuid, templateGuid)))
        .returning();
      return row;
    },

    /** Creates the template, or changes the one of the same shadow and name: one statement, race-free. */
    async upsertByName(owner: TemplateOwner, input: TemplateInput, userGuid: string) {
      const [row] = await db
        .insert(shadowTemplates)
        .values({
          orgGuid: owner.orgGuid,
          fleetGuid: owner.fleetGuid,
          templateName: input.templateName,
          shadowName: input.shadowName,
          state: input.state,
          updatedBy: userGuid,
        })
        .onConflictDoUpdate({
          target: owner.fleetGuid
            ? [shadowTemplates.fleetGuid, shadowTemplates.shadowName, shadowTemplates.templateName]
            : [shadowTemplates.orgGuid, shadowTemplates.shadowName, shadowTemplates.templateName],
          targetWhere: owner.fleetGuid
            ? sql`${shadowTemplates.fleetGuid} is not null`
            : sql`${shadowTemplates.fleetGuid} is null`,
          set: { state: sql`excluded.state`, updatedAt: new Date(), updatedBy: userGuid },
        })
        .returning();
      return row!;
    },

    async delete(owner: TemplateOwner, templateGuid: string): Promise<boolean> {
      const deleted = await db
        .delete(shadowTemplates)
        .where(and(ownedBy(owner), eq(shadowTemplates.templateGuid, templateGuid)))
        .returning({ templateGuid: shadowTemplates.templateGuid });
      return deleted.length === 1;
    },
  };
}
