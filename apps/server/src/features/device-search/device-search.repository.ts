import { alertStoreStart } from '@ec/contract/alerts';
import type { SearchableMetadataKey } from '@ec/contract/device-metadata';
import { type SQL, sql } from 'drizzle-orm';
import { activeAlertCountOf } from '../../db/active-alerts.ts';
import type { Db } from '../../db/database.ts';
import { escapeLike } from '../../db/sql-helpers.ts';

export interface MetadataSearch {
  orgGuid: string;
  /** Entries of any of these keys whose value contains the text (any value when the text is empty). */
  keys: readonly { key: SearchableMetadataKey; value: string }[];
  /** The sort key of the last entry of the previous page: value (lowercased), device guid, key. */
  after?: [string, string, string];
  limit: number;
}

export interface MetadataSearchRow {
  key: SearchableMetadataKey;
  value: string;
  device_guid: string;
  device_name: string;
  alert_count: number;
  sort_value: string;
}

/**
 * The metadata search index of spec 2 §3, read from the devices' metadata column: an organization
 * holds devices by the thousand, so its rows (found by the org index) are unnested and filtered in one
 * statement rather than kept in a table of their own. Each entry carries its device's active alerts.
 */
export function deviceSearchRepository(db: Db) {
  return {
    async searchMetadata(search: MetadataSearch): Promise<MetadataSearchRow[]> {
      const matches: SQL[] = search.keys.map(
        ({ key, value }) => sql`(entry.key = ${key} and entry.value ilike ${`%${escapeLike(value)}%`})`,
      );
      const after = search.after
        ? sql`and (lower(entry.value) collate "C", d.device_guid, entry.key) > (${search.after[0]} collate "C", ${search.after[1]}::uuid, ${search.after[2]})`
        : sql``;
      const result = (await db.execute(sql`
        select entry.key, entry.value, d.device_guid, d.device_name,
               ${activeAlertCountOf({ deviceGuid: sql`d.device_guid`, orgGuid: sql`d.org_guid` }, alertStoreStart())} as alert_count,
               lower(entry.value) collate "C" as sort_value
          from devices d
         cross join lateral jsonb_to_recordset(d.metadata) as entry(key text, value text)
         where d.org_guid = ${search.orgGuid}
           and (${sql.join(matches, sql` or `)})
           ${after}
         order by lower(entry.value) collate "C", d.device_guid, entry.key
         limit ${search.limit}`)) as unknown as { rows: MetadataSearchRow[] };
      return result.rows;
    },
  };
}
