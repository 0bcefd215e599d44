import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { orgs } from '../../db/tables/orgs.schema.ts';
import { shadowTemplates } from '../../db/tables/shadow-templates.schema.ts';

export type ShadowTemplateRow = typeof shadowTemplates.$inferSelect;

export interface TemplateInput {
  templateGuid?: string;
  templateName: string;
  shadowName: string;
  state: Record<string, unknown>;
}

/** All SQL on shadow templates; every call names the organization, so no other one's is touched. */
export function shadowTemplatesRepository(db: Db) {
  return {
    async list(orgGuid: string, filter: { names?: readonly string[]; shadowName?: string } = {}) {
      const where = [eq(shadowTemplates.orgGuid, orgGuid)];
      if (filter.names?.length) where.push(inArray(shadowTemplates.templateName, [...filter.names]));
      if (filter.shadowName) where.push(eq(shadowTemplates.shadowName, filter.shadowName));
      return db
        .select()
        .from(shadowTemplates)
        .where(and(...where))
        .orderBy(asc(shadowTemplates.shadowName), asc(shadowTemplates.templateName));
    },

    /** Holds the organization's row until the transaction ends, so that its saves run one at a time. */
    async lockOrg(orgGuid: string) {
      await db.select({ orgGuid: orgs.orgGuid }).from(orgs).where(eq(orgs.orgGuid, orgGuid)).for('update');
    },

    async findByName(orgGuid: string, shadowName: string, templateName: string) {
      const [row] = await db
        .select()
        .from(shadowTemplates)
        .where(
          and(
            eq(shadowTemplates.orgGuid, orgGuid),
            eq(shadowTemplates.shadowName, shadowName),
            eq(shadowTemplates.templateName, templateName),
          ),
        );
      return row;
    },

    async count(orgGuid: string): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(shadowTemplates)
        .where(eq(shadowTemplates.orgGuid, orgGuid));
      return row?.count ?? 0;
    },

    /** Changes the template of that guid in the organization; undefined when it has none. */
    async update(orgGuid: string, templateGuid: string, input: TemplateInput, userGuid: string) {
      const [row] = await db
        .update(shadowTemplates)
        .set({
          templateName: input.templateName,
          shadowName: input.shadowName,
          state: input.state,
          updatedAt: new Date(),
          updatedBy: userGuid,
        })
        .where(and(eq(shadowTemplates.orgGuid, orgGuid), eq(shadowTemplates.templateGuid, templateGuid)))
        .returning();
      return row;
    },

    /** Creates the template, or changes the one of the same shadow and name: one statement, race-free. */
    async upsertByName(orgGuid: string, input: TemplateInput, userGuid: string) {
      const [row] = await db
        .insert(shadowTemplates)
        .values({
          orgGuid,
          templateName: input.templateName,
          shadowName: input.shadowName,
          state: input.state,
          updatedBy: userGuid,
        })
        .onConflictDoUpdate({
          target: [shadowTemplates.orgGuid, shadowTemplates.shadowName, shadowTemplates.templateName],
          set: { state: sql`excluded.state`, updatedAt: new Date(), updatedBy: userGuid },
        })
        .returning();
      return row!;
    },

    async delete(orgGuid: string, templateGuid: string): Promise<boolean> {
      const deleted = await db
        .delete(shadowTemplates)
        .where(and(eq(shadowTemplates.orgGuid, orgGuid), eq(shadowTemplates.templateGuid, templateGuid)))
        .returning({ templateGuid: shadowTemplates.templateGuid });
      return deleted.length === 1;
    },
  };
}
