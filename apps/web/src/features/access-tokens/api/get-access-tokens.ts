import { patOperations } from '@ec/contract/pats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';

/** Tokens belong to a user, not to an organization: keyed by the user whose tokens they are. */
export const accessTokensKey = (userGuid: string) => ['access-tokens', userGuid] as const;

/** GET /pats?user_guid= → a user's tokens, newest first, without their values (spec 1 §7). */
export const getAccessTokens = (userGuid: string, signal?: AbortSignal) =>
  callOperation(patOperations.list, { query: { user_guid: userGuid }, signal });

export const accessTokensQueryOptions = (userGuid: string) =>
  queryOptions({
    queryKey: accessTokensKey(userGuid),
    queryFn: ({ signal }) => getAccessTokens(userGuid, signal),
  });

export const useAccessTokens = (userGuid: string) => useQuery(accessTokensQueryOptions(userGuid));
