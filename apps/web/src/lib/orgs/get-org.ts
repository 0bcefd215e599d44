import { orgOperations } from '@ec/contract/orgs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../api-client';
import { orgKeys } from './org-keys';
import { requireOrgGuid } from './org-path';

/** GET /orgs/{org_guid}: the organization with the caller's access to it. */
export const getOrg = async (orgGuid: string) =>
  (await callOperation(orgOperations.get, { params: { org_guid: requireOrgGuid(orgGuid) } })).org;

export const orgQueryOptions = (orgGuid: string) =>
  queryOptions({ queryKey: orgKeys.one(orgGuid), queryFn: () => getOrg(orgGuid) });

export const useOrg = (orgGuid: string) => useQuery(orgQueryOptions(orgGuid));
