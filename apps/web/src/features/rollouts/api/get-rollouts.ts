import { ROLLOUT_PAGE_SIZE, rolloutOperations } from '@ec/contract/rollouts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { rolloutKeys } from './rollout-keys';

/** Polled while the page is open; the live channel refreshes it sooner. */
export const ROLLOUTS_POLL_MS = 15_000;

/** GET /rollouts: the organization's rollouts, newest first, 50 a page. */
export function useRollouts(query: { pagination_token?: string }) {
  const { orgGuid } = useSession();
  const fullQuery = { ...query, pagination_size: ROLLOUT_PAGE_SIZE };
  return useQuery({
    queryKey: rolloutKeys.list(orgGuid, fullQuery),
    queryFn: ({ signal }) => callOperation(rolloutOperations.list, { query: fullQuery, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: ROLLOUTS_POLL_MS,
  });
}
