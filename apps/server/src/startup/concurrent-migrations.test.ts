import { describe, expect, it } from 'vitest';
import { createEmptyDatabase } from '../../test/test-databases.ts';
import { openDatabase } from '../db/database.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'server processes starting together on a new PostgreSQL database',
  () => {
    it('migrate it one after another, and every one of them opens it (decision 227)', async () => {
      const empty = (await createEmptyDatabase())!;
      try {
        // Without the lock two of three failed here, creating the same table or sequence as another.
        const opened = await Promise.allSettled(
          [1, 2, 3].map(() => openDatabase({ databaseUrl: empty.url })),
        );
        for (const result of opened) if (result.status === 'fulfilled') await result.value.close();
        expect(opened.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      } finally {
        await empty.drop();
      }
    });
  },
);
