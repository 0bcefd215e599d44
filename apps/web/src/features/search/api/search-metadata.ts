import {
  deviceMetadataOperations,
  METADATA_SEARCH_PAGE_SIZE,
  type SearchableMetadataKey,
} from '@ec/contract/device-metadata';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-store';
import { emptyOnFailure } from './empty-on-failure';

export interface MetadataSearchRequest {
  key: SearchableMetadataKey;
  filter: string;
  timestamp: string | null;
  token: string | null;
}

/** POST /orgs/{org_guid}/device_metadata: one page of the entries of `key` whose value contains `filter`. */
export const searchMetadata = (orgGuid: string, request: MetadataSearchRequest, signal?: AbortSignal) =>
  callOperation(deviceMetadataOperations.search, {
    params: { org_guid: orgGuid },
    body: {
      pagination_size: METADATA_SEARCH_PAGE_SIZE,
      search_keys: [{ key: request.key, value: request.filter }],
      pagination_token: request.token,
    },
    signal,
  });

export const metadataSearchQueryOptions = (orgGuid: string | null, request: MetadataSearchRequest) =>
  queryOptions({
    queryKey: [...queryRoots.org(orgGuid), 'search', 'metadata', request] as const,
    queryFn:
      orgGuid && request.filter
        ? ({ signal }) =>
            emptyOnFailure(
              'metadata search',
              () => searchMetadata(orgGuid, request, signal),
              { metadata: [], pagination_token: null },
              signal,
            )
        : skipToken,
    placeholderData: keepPreviousData,
  });

/** The metadata search of the selected organization; nothing is asked while the filter is empty. */
export function useMetadataSearch(request: MetadataSearchRequest) {
  const { orgGuid } = useSession();
  return useQuery(metadataSearchQueryOptions(orgGuid, request));
}
