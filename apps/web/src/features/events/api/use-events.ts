import { deviceSubscription } from '@ec/contract/live';
import { useQuery } from '@tanstack/react-query';
import { useLiveSubscription } from '../../../lib/live-subscriptions';
import { useSession } from '../../../lib/session/session-store';
import type { EventsRequest } from '../logic/events-request';
import { deviceEventsQueryOptions } from './get-device-events';
import { fleetEventsQueryOptions } from './get-fleet-events';
import { orgEventsQueryOptions } from './get-org-events';

/** Whose events a table lists: one device's, one fleet's, or the selected organization's devices'. */
export type EventsSource = { deviceGuid: string } | { fleetGuid: string } | { org: true };

/** One page of events of a device or of the organization, as the table that shows them asks. */
export function useEvents(source: EventsSource, request: EventsRequest) {
  const deviceGuid = 'deviceGuid' in source ? source.deviceGuid : null;
  useLiveSubscription(deviceGuid ? deviceSubscription(deviceGuid) : null);
  const { orgGuid } = useSession();
  const fleetGuid = 'fleetGuid' in source ? source.fleetGuid : null;
  return useQuery(
    deviceGuid
      ? deviceEventsQueryOptions(orgGuid, deviceGuid, request)
      : fleetGuid
        ? fleetEventsQueryOptions(orgGuid, fleetGuid, request)
        : orgEventsQueryOptions(orgGuid, request),
  );
}
