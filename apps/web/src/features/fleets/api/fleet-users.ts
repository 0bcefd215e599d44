import type { AccessLevel } from '@ec/contract/access';
import { FLEET_USERS_PAGE_SIZE, fleetOperations } from '@ec/contract/fleets';
import { INVITE_TABLE_LIMIT, type InviteForm, inviteOperations } from '@ec/contract/invites';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { fleetKeys } from '../../../lib/fleets/fleet-keys';
import { useSession } from '../../../lib/session/session-store';

/** GET /fleets/{fleet_guid}/users → the table's rows, up to 200 (one page, spec 2 §9). */
export function useFleetUsers(fleetGuid: string) {
  const { orgGuid } = useSession();
  return useQuery({
    queryKey: fleetKeys.users(orgGuid, fleetGuid),
    queryFn: async ({ signal }) =>
      (
        await callOperation(fleetOperations.listUsers, {
          params: { fleet_guid: fleetGuid },
          query: { pagination_size: FLEET_USERS_PAGE_SIZE },
          signal,
        })
      ).users,
  });
}

/** GET /invites?fleet_guid= → the fleet's pending invites, up to 200 (fleet editors only). */
export function useFleetInvites(fleetGuid: string) {
  const { orgGuid } = useSession();
  return useQuery({
    queryKey: [...fleetKeys.users(orgGuid, fleetGuid), 'invites'],
    queryFn: ({ signal }) =>
      callOperation(inviteOperations.list, {
        query: { fleet_guid: fleetGuid, pagination_size: INVITE_TABLE_LIMIT },
        signal,
      }),
  });
}

/**
 * A change of the fleet's users or invites: the users, the invites and the fleet's events (which
 * record it) are read again; the fleet itself too, since the caller's own rights may have moved.
 */
function useFleetUsersChange<Input>(fleetGuid: string, mutationFn: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: fleetKeys.one(orgGuid, fleetGuid) }),
  });
}

/** PUT /fleets/{fleet_guid}/users {users: [{user_guid, access}]}: several access levels at once. */
export const useSaveFleetUsers = (fleetGuid: string) =>
  useFleetUsersChange(fleetGuid, (users: { user_guid: string; access: AccessLevel }[]) =>
    callOperation(fleetOperations.saveUsers, { params: { fleet_guid: fleetGuid }, body: { users } }),
  );

/** DELETE /fleets/{fleet_guid}/users {users}. */
export const useRemoveFleetUsers = (fleetGuid: string) =>
  useFleetUsersChange(fleetGuid, (users: string[]) =>
    callOperation(fleetOperations.removeUsers, { params: { fleet_guid: fleetGuid }, body: { users } }),
  );

/** POST /invites {fleet_guid, target_email, access}; the address gets an e-mail. */
export const useCreateFleetInvite = (fleetGuid: string) =>
  useFleetUsersChange(fleetGuid, (values: InviteForm) =>
    callOperation(inviteOperations.create, { body: { ...values, fleet_guid: fleetGuid } }),
  );

/** DELETE /invites/{invite_guid} {fleet_guid}: an editor of the fleet cancels a pending invite. */
export const useCancelFleetInvite = (fleetGuid: string) =>
  useFleetUsersChange(fleetGuid, (inviteGuid: string) =>
    callOperation(inviteOperations.cancel, {
      params: { invite_guid: inviteGuid },
      body: { fleet_guid: fleetGuid },
    }),
  );
