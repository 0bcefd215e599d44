import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sortNameOf } from '../../db/sql-helpers.ts';
import { containerDirectory, containerDirectoryEvents } from '../../db/tables/container-directory.schema.ts';

export type DirectoryRow = typeof containerDirectory.$inferSelect;
export type DirectoryValues = Omit<typeof containerDirectory.$inferInsert, 'containerGuid' | 'createdAt'>;
export type NewDirectoryEvent = typeof containerDirectoryEvents.$inferInsert;

const sortName = sortNameOf(containerDirectory.name);

/** All the SQL of the container directory and its audit log. */
export function containerDirectoryRepository(db: Db) {
  return {
    /** One page by name; `platform` keeps the entries that list it. */
    async listPage(input: {
      includeUnpublished: boolean;
      platform?: string;
      after?: [string, string];
      limit: number;
    }) {
      const where: (SQL | undefined)[] = [
        input.includeUnpublished ? undefined : eq(containerDirectory.published, true),
        input.platform ? sql`${input.platform} = any(${containerDirectory.platforms})` : undefined,
      ];
      if (input.after) {
        const [name, guid] = input.after;
        where.push(sql`(${sortName}, ${containerDirectory.containerGuid}) > (${name} collate "C", ${guid})`);
      }
      return db
        .select({ entry: containerDirectory, sortName })
        .from(containerDirectory)
        .where(and(...where))
        .orderBy(sortName, asc(containerDirectory.containerGuid))
        .limit(input.limit);
    },

    async find(containerGuid: string): Promise<DirectoryRow | undefined> {
      const [row] = await db
        .select()
        .from(containerDirectory)
        .where(eq(containerDirectory.containerGuid, containerGuid));
      return row;
    },

    async create(values: DirectoryValues & { containerGuid?: string }) {
      const [row] = await db.insert(containerDirectory).values(values).returning();
      return row!;
    },

    async update(containerGuid: string, values: Partial<DirectoryValues>) {
      const [row] = await db
        .update(containerDirectory)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(containerDirectory.containerGuid, containerGuid))
        .returning();
      return row;
    },

    async delete(containerGuid: string) {
      const [row] = await db
        .delete(containerDirectory)
        .where(eq(containerDirectory.containerGuid, containerGuid))
        .returning();
      return row;
    },

    async record(event: NewDirectoryEvent) {
      await db.insert(containerDirectoryEvents).values(event);
    },

    async eventsOf(containerGuid: string) {
      return db
        .select()
        .from(containerDirectoryEvents)
        .where(eq(containerDirectoryEvents.containerGuid, containerGuid))
        .orderBy(asc(containerDirectoryEvents.timestamp));
    },
  };
}
