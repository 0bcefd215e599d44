import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { accessTokensKey } from './get-access-tokens';

/** DELETE /pats/{token_guid}: the owner revokes one of their tokens (spec 1 §6, §7). */
export const revokeAccessToken = (tokenGuid: string) =>
  api.delete(`/pats/${encodeURIComponent(tokenGuid)}`, z.object({ ok: z.literal(true) }));

export function useRevokeAccessToken(userGuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokensKey(userGuid) }),
  });
}
