import type { SystemConfig } from '@ec/contract/shadow-documents/system';
import { useEffect, useRef } from 'react';
import { useShadow } from '../../../lib/shadows/get-shadow';
import { readSystemState } from '../../../lib/shadows/system-form-values';
import { useShadowCommandFlow } from '../../../lib/shadows/use-shadow-command-flow';
import { ShadowTabFrame } from './shadow-tab-frame';
import { SystemForm } from './system-form';

/**
 * The System tab (spec 3 §2.1, §2.5, §4.1, §4.2). Save sends {config} as a set command with the
 * reported current_version the user has seen (0 if none) as target_version; the form is read-only
 * unless the user can edit and no command is waiting for the device.
 */
export function SystemTab(props: {
  deviceGuid: string;
  online: boolean;
  canEdit: boolean;
  withUtc: boolean;
}) {
  const { deviceGuid, online, canEdit } = props;
  const shadow = useShadow(deviceGuid, 'System');
  const flow = useShadowCommandFlow({ deviceGuid, shadowName: 'System', online });

  const reported = shadow.data?.reported ?? null;
  const hasState = Boolean(reported?.state);
  const { config, status } = readSystemState(reported?.state);

  // The target is the version the user has seen, which may be older than the latest reported one: the
  // device then answers 'Config mismatch!' rather than overwrite a change the user has not seen.
  const save = (next: SystemConfig, targetVersion: number) =>
    flow
      .start({
        command_type: 'set',
        commands: [{ shadow_name: 'System', target_version: targetVersion, state: { config: next } }],
      })
      .catch(() => undefined);

  const forceSync = () =>
    flow.start({ command_type: 'get', commands: [{ shadow_name: 'System' }] }).catch(() => undefined);

  // A shadow without reported state is requested from the device once (spec 3 §4.1, document sync).
  const requested = useRef(false);
  const shouldRequest = shadow.isSuccess && !hasState && canEdit && online && !flow.pending;
  useEffect(() => {
    if (!shouldRequest || requested.current) return;
    requested.current = true;
    void forceSync();
  });

  const settled = flow.settled;
  const applied = settled?.type === 'set' && (settled.kind === 'succeeded' || settled.kind === 'ignored');
  const savedCount = applied ? flow.settledCount : 0;
  const savedVersion = settled?.kind === 'succeeded' ? settled.version : null;

  return (
    <ShadowTabFrame
      shadow={shadow}
      flow={flow}
      canEdit={canEdit}
      loadingLabel="Loading the System configuration"
      onForceSync={forceSync}
    >
      {reported && (
        <SystemForm
          values={config}
          version={reported.current_version}
          status={status}
          editable={canEdit && !flow.pending}
          showActions={canEdit}
          withUtc={props.withUtc}
          saving={flow.pending && flow.pendingType !== 'get'}
          savedCount={savedCount}
          savedVersion={savedVersion}
          onSave={save}
        />
      )}
    </ShadowTabFrame>
  );
}
