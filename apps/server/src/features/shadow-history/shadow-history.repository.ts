import { and, desc, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { shadowVersions } from '../../db/tables/shadow-history.schema.ts';
import { shadows } from '../../db/tables/shadows.schema.ts';

export type ShadowVersionRow = typeof shadowVersions.$inferSelect;

/** One shadow of a device as its current organization sees it (see shadowVersions.orgGuid). */
export interface ShadowHistoryScope {
  deviceGuid: string;
  shadowName: string;
  /** Null: an unadopted device, whose versions reported while no organization held it are read. */
  orgGuid: string | null;
}

/** What the list shows of a version: everything but its document. */
const summaryColumns = {
  version: shadowVersions.version,
  reportedAt: shadowVersions.reportedAt,
  commandGuid: shadowVersions.commandGuid,
  causedByUserGuid: shadowVersions.causedByUserGuid,
  causedByEmail: shadowVersions.causedByEmail,
};
export type ShadowVersionSummaryRow = Pick<ShadowVersionRow, keyof typeof summaryColumns>;

const inScope = (scope: ShadowHistoryScope, ...more: SQL[]) =>
  and(
    eq(shadowVersions.deviceGuid, scope.deviceGuid),
    eq(shadowVersions.shadowName, scope.shadowName),
    scope.orgGuid === null
      ? isNull(shadowVersions.orgGuid)
      : or(eq(shadowVersions.orgGuid, scope.orgGuid), isNull(shadowVersions.orgGuid)),
    ...more,
  );

/** Reads and prunes the version history; shadows.repository's saveReportedMany writes it. */
export function shadowHistoryRepository(db: Db) {
  return {
    /** One page, newest version first, without the documents; `before` is the previous page's last version. */
    async list(scope: ShadowHistoryScope, page: { before?: number; limit: number }) {
      return db
        .select(summaryColumns)
        .from(shadowVersions)
        .where(
          inScope(scope, ...(page.before === undefined ? [] : [lt(shadowVersions.version, page.before)])),
        )
        .orderBy(desc(shadowVersions.version))
        .limit(page.limit);
    },

    async find(scope: ShadowHistoryScope, version: number): Promise<ShadowVersionRow | undefined> {
      const [row] = await db
        .select()
        .from(shadowVersions)
        .where(inScope(scope, eq(shadowVersions.version, version)));
      return row;
    },

    /**
     * Deletes versions reported before `before` and those beyond the newest `keep` of each shadow;
     * the version a shadow is at now is always kept. Answers how many were deleted.
     */
    async prune(options: { before: Date; keep: number }): Promise<number> {
      const aged = await db.execute(sql`
        delete from ${shadowVersions} v
         where v.reported_at < ${options.before.toISOString()}::timestamptz
           and exists (select 1 from ${shadowVersions} n
                        where n.device_guid = v.device_guid and n.shadow_name = v.shadow_name
                          and n.version > v.version)`);
      // The oldest version each shadow keeps, found on the primary key for every shadow that has a
      // reported document.
      const capped = await db.execute(sql`
        delete from ${shadowVersions} v
         using (select s.device_guid, s.shadow_name, kept.version as oldest_kept
                  from ${shadows} s
                  cross join lateral (
                    select x.version from ${shadowVersions} x
                     where x.device_guid = s.device_guid and x.shadow_name = s.shadow_name
                     order by x.version desc offset ${options.keep - 1} limit 1) kept) k
         where v.device_guid = k.device_guid and v.shadow_name = k.shadow_name
           and v.version < k.oldest_kept`);
      return rowCount(aged) + rowCount(capped);
    },
  };
}

const rowCount = (result: unknown) => (result as { rowCount?: number | null }).rowCount ?? 0;
