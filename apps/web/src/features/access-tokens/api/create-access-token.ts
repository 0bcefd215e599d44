import { type CreatePatBody, patOperations } from '@ec/contract/pats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { accessTokensKey } from './get-access-tokens';

/** POST /pats {token_lifespan_days, comment} → {token_guid, token_value, expires}: the only time the value is sent. */
export const createAccessToken = (body: CreatePatBody) => callOperation(patOperations.create, { body });

/** Creates a token for the signed-in user, whose guid keys the list to refresh. */
export function useCreateAccessToken(userGuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokensKey(userGuid) }),
  });
}
