import { createOrgResponseSchema } from '@ec/contract/orgs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** POST /orgs {org_name} → {org_guid}; the organization list is then reloaded (spec 1 §4.2). */
export const createOrg = (orgName: string) =>
  api.post('/orgs', createOrgResponseSchema, { body: { org_name: orgName }, withOrg: false });

export function useCreateOrg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrg,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...queryRoots.session, 'orgs'] }),
  });
}
