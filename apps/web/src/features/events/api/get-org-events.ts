import { eventOperations } from '@ec/contract/events';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { requireOrgGuid } from '../../../lib/orgs/org-path';
import { type EventsRequest, eventsQuery } from '../logic/events-request';
import { eventKeys } from './event-keys';

/** GET /orgs/{org_guid}/events: one page of the organization's devices' events, newest first. */
export const getOrgEvents = (orgGuid: string | null, request: EventsRequest, signal?: AbortSignal) =>
  callOperation(eventOperations.listForOrg, {
    params: { org_guid: requireOrgGuid(orgGuid) },
    query: eventsQuery(request),
    signal,
  });

export const orgEventsQueryOptions = (orgGuid: string | null, request: EventsRequest) =>
  queryOptions({
    queryKey: eventKeys.org(orgGuid, request),
    queryFn: ({ signal }) => getOrgEvents(orgGuid, request, signal),
    placeholderData: keepPreviousData,
  });
