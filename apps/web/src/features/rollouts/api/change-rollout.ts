import { rolloutOperations } from '@ec/contract/rollouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { rolloutKeys } from './rollout-keys';

export type RolloutAction = 'pause' | 'resume' | 'cancel';

/** POST /rollouts/{rollout_guid}/pause, /resume or /cancel. */
export function useChangeRollout(rolloutGuid: string) {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  return useMutation({
    mutationFn: (action: RolloutAction) =>
      callOperation(rolloutOperations[action], { params: { rollout_guid: rolloutGuid } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolloutKeys.all(orgGuid) }),
  });
}
