import { FINISHED_ROLLOUT_STATES, rolloutOperations } from '@ec/contract/rollouts';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { rolloutKeys } from './rollout-keys';

/** While a rollout runs its page also polls, should the live channel be down. */
export const ROLLOUT_POLL_MS = 5000;

/** GET /rollouts/{rollout_guid}: the rollout with its waves and each device's result. */
export function useRollout(rolloutGuid: string) {
  const { orgGuid } = useSession();
  return useQuery({
    queryKey: rolloutKeys.one(orgGuid, rolloutGuid),
    queryFn: ({ signal }) =>
      callOperation(rolloutOperations.get, { params: { rollout_guid: rolloutGuid }, signal }),
    refetchInterval: (query) =>
      query.state.data && FINISHED_ROLLOUT_STATES.includes(query.state.data.rollout.rollout_state)
        ? false
        : ROLLOUT_POLL_MS,
  });
}
