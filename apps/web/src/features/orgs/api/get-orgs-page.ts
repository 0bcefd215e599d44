import { ORG_PAGE_SIZE, orgOperations } from '@ec/contract/orgs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { orgKeys } from '../../../lib/orgs/org-keys';

export interface OrgsPageParams {
  org_name?: string;
  pagination_token?: string | null;
  /** 'all': every organization of the platform (OrganizationManagement); otherwise the caller's. */
  scope?: 'all';
}

/** GET /orgs: one page of organizations by name, searched on the server: the caller's, or with scope all. */
export const getOrgsPage = (params: OrgsPageParams) =>
  callOperation(orgOperations.list, {
    query: {
      ...params,
      pagination_token: params.pagination_token ?? undefined,
      pagination_size: ORG_PAGE_SIZE,
    },
  });

export const orgsPageQueryOptions = (params: OrgsPageParams) =>
  queryOptions({ queryKey: orgKeys.page(params), queryFn: () => getOrgsPage(params) });

export const useOrgsPage = (params: OrgsPageParams, enabled = true) =>
  useQuery({ ...orgsPageQueryOptions(params), placeholderData: keepPreviousData, enabled });
