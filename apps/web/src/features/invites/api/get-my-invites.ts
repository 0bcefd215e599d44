import { INVITE_TABLE_LIMIT, inviteOperations } from '@ec/contract/invites';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { isSessionValid, useSession } from '../../../lib/session/session-store';

/** Under the session root: logout clears them with the rest of the session. */
export const myInvitesKey = [...queryRoots.session, 'invites'] as const;

/** GET /invites without a target → the signed-in user's pending invites (spec 1 §2.4, §7). */
export const getMyInvites = (signal?: AbortSignal) =>
  callOperation(inviteOperations.list, {
    query: { pagination_size: INVITE_TABLE_LIMIT },
    signal,
  });

/** Invite lists are reused for 60 s unless a refresh is forced (spec 1 §4.2). */
export const myInvitesQueryOptions = () =>
  queryOptions({
    queryKey: myInvitesKey,
    queryFn: ({ signal }) => getMyInvites(signal),
    staleTime: 60_000,
  });

export function useMyInvites() {
  const { expiresAt } = useSession();
  return useQuery({ ...myInvitesQueryOptions(), enabled: isSessionValid(expiresAt) });
}

/** How many invites wait for the signed-in user (the badge on 'Switch Organization', spec 1 §2.2). */
export function usePendingInviteCount(): number {
  return useMyInvites().data?.invites.length ?? 0;
}
