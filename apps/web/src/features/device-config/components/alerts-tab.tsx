import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAlertTemplates } from '../../../lib/alerts/alert-templates';
import { useOrgAlertLists } from '../../../lib/alerts/get-active-alerts';
import { templateDraft } from '../../../lib/alerts/template-drafts';
import { useDevice } from '../../../lib/devices/get-device';
import { useSession } from '../../../lib/session/session-store';
import { type AlertDraft, alertsSetState, draftsOf } from '../../../lib/shadows/alert-drafts';
import { shadowQueryOptions } from '../../../lib/shadows/get-shadow';
import { useShadowCommandFlow } from '../../../lib/shadows/use-shadow-command-flow';
import { AlertsList, raisedKey } from './alerts-list';
import { ShadowTabFrame } from './shadow-tab-frame';

/** Spec 3 §2.6: the list refreshes every 10 seconds unless there are unsaved or expected changes. */
export const ALERTS_REFRESH_MS = 10_000;

/** The Alerts tab (spec 3 §2.6, §3.6, §4.1-4.3): the device's alert rules, saved as one set command. */
export function AlertsTab(props: { deviceGuid: string; online: boolean; canEdit: boolean }) {
  const { deviceGuid, online, canEdit } = props;
  const { orgGuid } = useSession();
  const flow = useShadowCommandFlow({ deviceGuid, shadowName: 'Alerts', online });
  const [changed, setChanged] = useState(false);
  const shadow = useQuery({
    ...shadowQueryOptions(orgGuid, deviceGuid, 'Alerts'),
    refetchInterval: changed || flow.pending ? false : ALERTS_REFRESH_MS,
  });

  // The organization's templates watch its devices; a device of another organization (opened through
  // its device users) is not theirs.
  const device = useDevice(deviceGuid);
  const templates = useAlertTemplates({ enabled: device.data?.device.org_guid === orgGuid });
  // The server raises the alerts: a rule shows its alert while one is unresolved on this device.
  const deviceAlerts = useOrgAlertLists((alerts) =>
    alerts.filter((alert) => alert.device_guid === deviceGuid && !alert.resolved),
  );
  const raised = new Set(deviceAlerts.flatMap((list) => (list.data ?? []).map(raisedKey)));
  const reported = shadow.data?.reported ?? null;
  const drafts = draftsOf(reported?.state);
  const settled = flow.settled;
  const applied = settled?.type === 'set' && (settled.kind === 'succeeded' || settled.kind === 'ignored');

  const save = (next: AlertDraft[]) =>
    flow
      .start({
        command_type: 'set',
        commands: [
          {
            shadow_name: 'Alerts',
            target_version: reported?.current_version ?? 0,
            state: alertsSetState(next),
          },
        ],
      })
      .catch(() => undefined);
  const forceSync = () =>
    flow.start({ command_type: 'get', commands: [{ shadow_name: 'Alerts' }] }).catch(() => undefined);

  return (
    <ShadowTabFrame
      shadow={shadow}
      flow={flow}
      canEdit={canEdit}
      loadingLabel="Loading the device alerts"
      onForceSync={forceSync}
    >
      {reported && orgGuid && (
        <AlertsList
          reported={drafts}
          reportedKey={`${reported.current_version}:${reported.timestamp}`}
          orgGuid={orgGuid}
          editable={canEdit && !flow.pending}
          showActions={canEdit}
          saving={flow.pending && flow.pendingType !== 'get'}
          savedCount={applied ? flow.settledCount : 0}
          onSave={save}
          onChangedChange={setChanged}
          orgTemplates={templates.data?.map(templateDraft)}
          raised={raised}
        />
      )}
    </ShadowTabFrame>
  );
}
