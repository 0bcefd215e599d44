import { canEditWith } from '@ec/contract/access';
import type { Alert } from '@ec/contract/alerts';
import { useQueries } from '@tanstack/react-query';
import { deviceQueryOptions } from '../../../lib/devices/get-device';
import { useCurrentOrg } from '../../../lib/session/get-orgs';

/**
 * Whether the signed-in user may silence and close each alert (spec 2 §6: organization or device edit
 * rights). An organization editor may edit every device of it; anyone else's rights come from the
 * device calls (GET /devices/{guid} answers them), asked once per device with alerts. The server
 * checks again on every action.
 */
export function useAlertRights(alerts: readonly Alert[]): (alert: Alert) => boolean {
  const { orgGuid, org } = useCurrentOrg();
  const orgEditor = canEditWith(org?.access);
  const deviceGuids = orgEditor
    ? []
    : [...new Set(alerts.flatMap((alert) => (alert.device_guid ? [alert.device_guid] : [])))];
  const devices = useQueries({
    queries: deviceGuids.map((deviceGuid) => deviceQueryOptions(orgGuid, deviceGuid)),
  });
  const editable = new Set(deviceGuids.filter((_guid, index) => devices[index]?.data?.rights.edit));
  return (alert) => orgEditor || (alert.device_guid !== null && editable.has(alert.device_guid));
}
