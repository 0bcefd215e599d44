import { listOrgsResponseSchema, ORG_PAGE_SIZE } from '@ec/contract/orgs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orgKeys } from './org-keys';

export interface OrgsPageParams {
  org_name?: string;
  pagination_token?: string | null;
}

/** GET /orgs: one page of the caller's organizations by name, searched on the server. */
export const getOrgsPage = (params: OrgsPageParams) =>
  api.get('/orgs', listOrgsResponseSchema, {
    params: { ...params, pagination_size: ORG_PAGE_SIZE },
    withOrg: false,
  });

export const orgsPageQueryOptions = (params: OrgsPageParams) =>
  queryOptions({ queryKey: orgKeys.page(params), queryFn: () => getOrgsPage(params) });

export const useOrgsPage = (params: OrgsPageParams) =>
  useQuery({ ...orgsPageQueryOptions(params), placeholderData: keepPreviousData });
