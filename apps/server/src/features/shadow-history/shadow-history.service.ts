import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { decodePageToken, pageOf } from '../../http/pagination.ts';
import { type ShadowHistoryScope, shadowHistoryRepository } from './shadow-history.repository.ts';

export type ShadowHistoryService = ReturnType<typeof createShadowHistoryService>;

/** A page token carries the last version of the page before. */
const versionPageKey = z.tuple([z.number().int().min(0).max(2_147_483_647)]);

/** A shadow's version history (decision 113): its versions newest first, and one version's document. */
export function createShadowHistoryService(deps: { db: Db }) {
  const history = shadowHistoryRepository(deps.db);

  return {
    /** One page of the shadow's versions, newest first, without their documents. */
    async list(scope: ShadowHistoryScope, query: { pagination_size: number; pagination_token?: string }) {
      const [before] = decodePageToken(query.pagination_token, versionPageKey) ?? [];
      const rows = await history.list(scope, { before, limit: query.pagination_size + 1 });
      return pageOf(rows, query.pagination_size, (row) => [row.version]);
    },

    /** One version with its document; 404 when it is not kept. */
    async find(scope: ShadowHistoryScope, version: number) {
      const row = await history.find(scope, version);
      if (!row) throw ApiError.notFound('No such version of this shadow is kept', 'VERSION_NOT_FOUND');
      return row;
    },
  };
}
