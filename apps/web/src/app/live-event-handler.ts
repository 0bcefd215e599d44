import type { LiveEvent } from '@ec/contract/live';
import { findShadowDefinition } from '@ec/contract/shadow-registry';
import { shadowNameSchema } from '@ec/contract/shadows';
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { dockerKeys } from '../features/device-containers/api/docker-keys';
import { dockerLogStore } from '../features/device-containers/api/log-store';
import { deviceLicensesQueryOptions } from '../features/device-licenses/api/get-device-licenses';
import { deviceUserKeys } from '../features/device-users/api/device-user-keys';
import { previewStore } from '../features/input-preview/api/preview-store';
import { rolloutKeys } from '../features/rollouts/api/rollout-keys';
import { alertKeys } from '../lib/alerts/alert-keys';
import { deviceCommandKeys } from '../lib/device-commands/device-command-keys';
import { deviceStateQueryOptions } from '../lib/devices/get-device-state';
import { deviceEntitlementsQueryOptions } from '../lib/entitlements/get-device-entitlements';
import { fleetKeys } from '../lib/fleets/fleet-keys';
import { queryRoots } from '../lib/query-keys';
import { shadowKeys } from '../lib/shadows/shadow-keys';

const LIST_REFRESH_MS = 1000;

/** A fleet's status or device list: what a device's connection, state or alerts change. */
const isFleetDeviceView = (query: { queryKey: QueryKey }) => {
  const part = query.queryKey[5];
  return query.queryKey[3] === 'one' && (part === 'status' || part === 'devices');
};

/**
 * Turns live events into cache invalidations (the polling of each screen stays as the fallback).
 * Device lists and counts, and the fleets' status and device lists, are refreshed at most once a
 * second however many devices report.
 */
export function createLiveEventHandler(queryClient: QueryClient, orgGuid: string) {
  let listTimer: ReturnType<typeof setTimeout> | null = null;
  const invalidate = (queryKey: QueryKey, exact = false) =>
    void queryClient.invalidateQueries({ queryKey, exact });
  const refreshLists = () => {
    if (listTimer) return;
    listTimer = setTimeout(() => {
      listTimer = null;
      invalidate(queryRoots.devices(orgGuid));
      // The fleets' status and device lists count the devices' states (decision 182).
      void queryClient.invalidateQueries({ queryKey: fleetKeys.all(orgGuid), predicate: isFleetDeviceView });
    }, LIST_REFRESH_MS);
  };

  /**
   * The server follows the organization for this socket from now on: whatever changed before, while
   * the channel was down or still signing in, was not told. Every query asked for before now may hold
   * such a change, the first page's too (its requests run beside the sign-in, and a device that went
   * offline between them was shown online until the next reload).
   */
  const refreshAfterReady = () => {
    const root = queryRoots.org(orgGuid);
    const running = new Set(queryClient.getQueryCache().findAll({ queryKey: root, fetchStatus: 'fetching' }));
    void queryClient.invalidateQueries({ queryKey: root, predicate: (query) => !running.has(query) });
    // A request on its way is asked again once it has answered, not cancelled: the first rows of a
    // page do not wait for the channel.
    const wasRunning = { queryKey: root, predicate: (query: Query) => running.has(query) };
    if (running.size > 0)
      void queryClient
        .refetchQueries(wasRunning, { cancelRefetch: false })
        .then(() => queryClient.invalidateQueries(wasRunning));
  };

  const handle = (event: LiveEvent) => {
    switch (event.type) {
      case 'ready':
        refreshAfterReady();
        return;
      case 'device.connection':
        refreshLists();
        invalidate(queryRoots.device(orgGuid, event.device_guid));
        return;
      case 'device.state':
        refreshLists();
        invalidate(queryRoots.device(orgGuid, event.device_guid), true);
        invalidate(deviceStateQueryOptions(orgGuid, event.device_guid).queryKey);
        return;
      case 'device.adopted':
      case 'device.forgotten':
        refreshLists();
        invalidate(queryRoots.device(orgGuid, event.device_guid));
        return;
      case 'shadow.reported': {
        // A shadow this console does not know has no query to refresh.
        const name = shadowNameSchema.safeParse(event.shadow_name);
        if (name.success) invalidate(shadowKeys.shadow(orgGuid, event.device_guid, name.data));
        // The Containers document is the device's Docker state: its lists follow it.
        if (name.data === 'Containers') invalidate(dockerKeys.all(orgGuid, event.device_guid));
        // The device's own record keeps values read from some documents (its name, streaming status).
        if (findShadowDefinition(event.shadow_name)?.deviceRecord)
          invalidate(queryRoots.device(orgGuid, event.device_guid), true);
        return;
      }
      case 'shadow.command':
        invalidate(shadowKeys.command(orgGuid, event.device_guid, event.command_guid));
        return;
      case 'device.command':
        invalidate(deviceCommandKeys.command(orgGuid, event.device_guid, event.command_guid));
        return;
      case 'device.users':
        // The device's answer carries the signed-in user's rights, which a change of its users may move.
        invalidate(queryRoots.device(orgGuid, event.device_guid), true);
        invalidate(deviceUserKeys.users(orgGuid, event.device_guid));
        invalidate(deviceUserKeys.invites(orgGuid, event.device_guid));
        return;
      case 'device.entitlements':
        // What the device may do (its create dialogs, tabs and commands gate on it) and its licences.
        invalidate(deviceEntitlementsQueryOptions(orgGuid, event.device_guid).queryKey);
        invalidate(deviceLicensesQueryOptions(orgGuid, event.device_guid).queryKey);
        return;
      case 'alert':
        // The bell's count, the current lists and the history; the device shows its alerts' states too,
        // and every list counts each device's active alerts (its status reads Device Alerts).
        refreshLists();
        invalidate(alertKeys.all(orgGuid));
        invalidate(queryRoots.device(orgGuid, event.device_guid));
        return;
      case 'device.preview':
        previewStore.receive(event);
        return;
      case 'device.docker_logs':
        dockerLogStore.receive(event);
        return;
      case 'rollout':
        // A wave sent, a device's answer, a state change: the rollout's page and the list refetch.
        invalidate(rolloutKeys.one(orgGuid, event.rollout_guid));
        invalidate([...rolloutKeys.all(orgGuid), 'list']);
        return;
      case 'error':
        return;
    }
  };
  const dispose = () => {
    if (listTimer) clearTimeout(listTimer);
  };
  return { handle, dispose };
}
