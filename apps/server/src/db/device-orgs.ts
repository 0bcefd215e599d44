import type { SQL } from 'drizzle-orm';
import type { Db } from './database.ts';

/**
 * Runs a statement over many devices that returns `device_guid, org_guid` for each device it touched,
 * and answers those as a map (the batched writes of device messages all answer this way).
 */
export async function deviceOrgs(db: Db, statement: SQL): Promise<Map<string, string | null>> {
  const result = (await db.execute(statement)) as unknown as {
    rows: Array<{ device_guid: string; org_guid: string | null }>;
  };
  return new Map(result.rows.map((row) => [row.device_guid, row.org_guid]));
}
