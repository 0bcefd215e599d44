import type { SessionUser } from '@ec/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sessionUserQueryOptions } from '../../../lib/session/get-session-user';

/** Account calls answer with the updated user: it replaces the cached session user at once. */
export function useStoreSessionUser() {
  const queryClient = useQueryClient();
  return useCallback(
    (user: SessionUser) => {
      const { queryKey } = sessionUserQueryOptions();
      if (queryClient.getQueryData(queryKey))
        queryClient.setQueryData(queryKey, (old) => old && { ...old, user });
      else void queryClient.invalidateQueries({ queryKey });
    },
    [queryClient],
  );
}
