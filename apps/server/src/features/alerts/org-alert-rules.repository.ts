import {
  type AlertSettings,
  type OrgAlertTemplateBody,
  offlineAlertSettingsSchema,
} from '@ec/contract/alert-rules';
import { alertConfigSchema } from '@ec/contract/shadow-documents/alerts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { orgAlertSettings, orgAlertTemplates } from '../../db/tables/alerts.schema.ts';

export type OrgAlertTemplateRow = typeof orgAlertTemplates.$inferSelect;

/** A template as stored: the body with its config's defaults filled in. */
const templateValues = (body: OrgAlertTemplateBody) => ({
  type: body.type,
  name: body.name,
  label: body.label,
  config: alertConfigSchema.parse(body.config),
});

/** The SQL of an organization's own rules: its alert templates and its legacy settings. */
export function orgAlertRulesRepository(db: Db) {
  /** The templates of several organizations, for judging their devices together. */
  function templatesOf(orgGuids: readonly string[]): Promise<OrgAlertTemplateRow[]> {
    return db
      .select()
      .from(orgAlertTemplates)
      .where(inArray(orgAlertTemplates.orgGuid, [...orgGuids]))
      .orderBy(asc(orgAlertTemplates.createdAt), asc(orgAlertTemplates.templateGuid));
  }

  /** The settings of several organizations, each with its defaults where it saved none. */
  async function settingsOf(orgGuids: readonly string[]): Promise<Map<string, AlertSettings>> {
    const rows = await db
      .select({ orgGuid: orgAlertSettings.orgGuid, offline: orgAlertSettings.offline })
      .from(orgAlertSettings)
      .where(inArray(orgAlertSettings.orgGuid, [...orgGuids]));
    const saved = new Map(rows.map((row) => [row.orgGuid, row.offline]));
    return new Map(
      orgGuids.map((orgGuid) => [
        orgGuid,
        { offline: offlineAlertSettingsSchema.parse(saved.get(orgGuid) ?? {}) },
      ]),
    );
  }

  return {
    listTemplates: (orgGuid: string) => templatesOf([orgGuid]),

    templatesOf,

    /** Adds a template unless the organization holds `max` already (undefined then). */
    async createTemplate(orgGuid: string, body: OrgAlertTemplateBody, userGuid: string, max: number) {
      return db.transaction(async (tx) => {
        // Two editors adding at once must not pass the limit together.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`org_alert_templates:${orgGuid}`}))`);
        const [held] = await tx
          .select({ count: count() })
          .from(orgAlertTemplates)
          .where(eq(orgAlertTemplates.orgGuid, orgGuid));
        if ((held?.count ?? 0) >= max) return undefined;
        const [row] = await tx
          .insert(orgAlertTemplates)
          .values({ orgGuid, ...templateValues(body), updatedBy: userGuid })
          .returning();
        return row;
      });
    },

    async updateTemplate(
      orgGuid: string,
      templateGuid: string,
      body: OrgAlertTemplateBody,
      userGuid: string,
    ) {
      const [row] = await db
        .update(orgAlertTemplates)
        .set({ ...templateValues(body), updatedBy: userGuid, updatedAt: sql`now()` })
        .where(and(eq(orgAlertTemplates.orgGuid, orgGuid), eq(orgAlertTemplates.templateGuid, templateGuid)))
        .returning();
      return row;
    },

    async deleteTemplate(orgGuid: string, templateGuid: string) {
      const rows = await db
        .delete(orgAlertTemplates)
        .where(and(eq(orgAlertTemplates.orgGuid, orgGuid), eq(orgAlertTemplates.templateGuid, templateGuid)))
        .returning({ templateGuid: orgAlertTemplates.templateGuid });
      return rows.length > 0;
    },

    /** The legacy settings, their defaults (Device Offline off) when none were saved. */
    async settings(orgGuid: string): Promise<AlertSettings> {
      return (await settingsOf([orgGuid])).get(orgGuid)!;
    },

    settingsOf,

    async saveSettings(orgGuid: string, settings: AlertSettings, userGuid: string) {
      await db
        .insert(orgAlertSettings)
        .values({ orgGuid, offline: settings.offline, updatedBy: userGuid })
        .onConflictDoUpdate({
          target: orgAlertSettings.orgGuid,
          set: { offline: settings.offline, updatedBy: userGuid, updatedAt: sql`now()` },
        });
      return settings;
    },
  };
}
