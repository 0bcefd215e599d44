import { createOrgResponseSchema, orgOperations } from '@ec/contract/orgs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Spec 1 §8's local message for a creation whose answer names no organization. */
export const ORG_GUID_NOT_RETURNED = 'org_guid not returned in response';

/**
 * POST /orgs {org_name} → the new organization's guid. An answer without one fails with spec 1 §8's
 * message: the console could neither open nor select the organization it asked for.
 */
export async function createOrg(orgName: string): Promise<string> {
  const answer: unknown = await callOperation(orgOperations.create, { body: { org_name: orgName } });
  const orgGuid = createOrgResponseSchema.safeParse(answer).data?.org_guid;
  if (!orgGuid) throw new Error(ORG_GUID_NOT_RETURNED);
  return orgGuid;
}

export function useCreateOrg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrg,
    // Reloaded (spec 1 §4.2) even after an answer without a guid: the organization may exist all the same.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...queryRoots.session, 'orgs'] }),
  });
}
