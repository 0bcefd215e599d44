import { type Alert, alertActionOperations } from '@ec/contract/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertKeys } from '../../../lib/alerts/alert-keys';
import { callOperation } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';

/** Silence, unsilence or close: a device alert is named by its device and guid, another by its guid. */
export type AlertAction = { kind: 'silence'; silenced: boolean } | { kind: 'close' };

export function runAlertAction(alert: Alert, action: AlertAction) {
  if (action.kind === 'silence') {
    const body = { silenced: action.silenced };
    return alert.alert_type === 'device' && alert.device_guid
      ? callOperation(alertActionOperations.silence.device, {
          params: { device_guid: alert.device_guid },
          query: { alert_guid: alert.alert_guid },
          body,
        })
      : callOperation(alertActionOperations.silence.other, {
          params: { alert_guid: alert.alert_guid },
          body,
        });
  }
  return alert.alert_type === 'device' && alert.device_guid
    ? callOperation(alertActionOperations.close.device, {
        params: { device_guid: alert.device_guid },
        query: { alert_guid: alert.alert_guid },
      })
    : callOperation(alertActionOperations.close.other, { params: { alert_guid: alert.alert_guid } });
}

/** One alert action; afterwards, failed or not, the organization's alerts are refetched (spec 2 §4.4). */
export function useAlertAction() {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  return useMutation({
    mutationFn: (input: { alert: Alert; action: AlertAction }) => runAlertAction(input.alert, input.action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all(orgGuid) }),
  });
}
