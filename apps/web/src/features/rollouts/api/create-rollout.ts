import { type CreateRolloutBody, rolloutOperations } from '@ec/contract/rollouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { rolloutKeys } from './rollout-keys';

/** POST /rollouts: starts a rollout; answers its guid. */
export function useCreateRollout() {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  return useMutation({
    mutationFn: async (body: CreateRolloutBody) =>
      (await callOperation(rolloutOperations.create, { body })).rollout_guid,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolloutKeys.all(orgGuid) }),
  });
}
