import type { deviceMetadataOperations } from '@ec/contract/device-metadata';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { decodePageToken, pageOf } from '../../http/pagination.ts';
import { deviceSearchRepository } from './device-search.repository.ts';

export type DeviceSearchService = ReturnType<typeof createDeviceSearchService>;

/** A metadata page token: the last entry's lowercased value, device guid and key. */
const metadataPageKey = z.tuple([z.string(), z.uuid(), z.string()]);

/** The search page's metadata search (spec 2 §2.7) over an organization's devices. */
export function createDeviceSearchService(deps: { db: Db }) {
  const repository = deviceSearchRepository(deps.db);

  return {
    /** One page of the organization's alias, location and note entries that match any of the keys. */
    async searchMetadata(orgGuid: string, body: z.output<typeof deviceMetadataOperations.search.body>) {
      const rows = await repository.searchMetadata({
        orgGuid,
        keys: body.search_keys,
        after: decodePageToken(body.pagination_token ?? undefined, metadataPageKey),
        limit: body.pagination_size + 1,
      });
      return pageOf(rows, body.pagination_size, (row) => [row.sort_value, row.device_guid, row.key]);
    },
  };
}
