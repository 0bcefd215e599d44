import { patOperations } from '@ec/contract/pats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { accessTokensKey } from './get-access-tokens';

/** DELETE /pats/{token_guid}: the owner revokes one of their tokens (spec 1 §6, §7). */
export const revokeAccessToken = (tokenGuid: string) =>
  callOperation(patOperations.revoke, { params: { token_guid: tokenGuid } });

export function useRevokeAccessToken(userGuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokensKey(userGuid) }),
  });
}
