import { INVITE_TABLE_LIMIT, inviteOperations } from '@ec/contract/invites';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';

/** Keyed by the organization the invites are for, which need not be the selected one. */
export const orgInvitesKey = (orgGuid: string) => ['invites', 'org', orgGuid] as const;

/** GET /invites?org_guid= → an organization's pending invites, up to 200 (spec 1 §2.6, §9). */
export const getOrgInvites = (orgGuid: string, signal?: AbortSignal) =>
  callOperation(inviteOperations.list, {
    query: { org_guid: orgGuid, pagination_size: INVITE_TABLE_LIMIT },
    signal,
  });

export const orgInvitesQueryOptions = (orgGuid: string) =>
  queryOptions({
    queryKey: orgInvitesKey(orgGuid),
    queryFn: ({ signal }) => getOrgInvites(orgGuid, signal),
    staleTime: 60_000,
  });

export const useOrgInvites = (orgGuid: string) => useQuery(orgInvitesQueryOptions(orgGuid));
