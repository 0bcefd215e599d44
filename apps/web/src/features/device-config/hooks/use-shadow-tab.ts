import type { ShadowName } from '@ec/contract/shadows';
import { useEffect, useRef } from 'react';
import { useShadow } from '../../../lib/shadows/get-shadow';
import { useShadowCommandFlow } from '../../../lib/shadows/use-shadow-command-flow';

/**
 * What a shadow tab does around its form, as the System tab does it (spec 3 §2.1, §4.1, §4.2): the
 * shadow, its command flow, Force Sync, a save as a set command against the version the user has seen,
 * and a shadow without reported state requested from the device once.
 */
export function useShadowTab(input: {
  deviceGuid: string;
  shadowName: ShadowName;
  online: boolean;
  canEdit: boolean;
}) {
  const { deviceGuid, shadowName, online, canEdit } = input;
  const shadow = useShadow(deviceGuid, shadowName);
  const flow = useShadowCommandFlow({ deviceGuid, shadowName, online });
  const reported = shadow.data?.reported ?? null;
  const hasState = Boolean(reported?.state);

  const forceSync = () =>
    flow.start({ command_type: 'get', commands: [{ shadow_name: shadowName }] }).catch(() => undefined);

  // The target is the version the user has seen, which may be older than the latest reported one: the
  // device then answers 'Config mismatch!' rather than overwrite a change the user has not seen.
  const save = (state: Record<string, unknown>, targetVersion: number) =>
    flow
      .start({
        command_type: 'set',
        commands: [{ shadow_name: shadowName, target_version: targetVersion, state }],
      })
      .catch(() => undefined);

  const requested = useRef(false);
  const shouldRequest = shadow.isSuccess && !hasState && canEdit && online && !flow.pending;
  useEffect(() => {
    if (!shouldRequest || requested.current) return;
    requested.current = true;
    void forceSync();
  });

  const settled = flow.settled;
  const applied = settled?.type === 'set' && (settled.kind === 'succeeded' || settled.kind === 'ignored');
  return {
    shadow,
    flow,
    reported,
    hasState,
    forceSync,
    save,
    /** Increases when a save has been applied. */
    savedCount: applied ? flow.settledCount : 0,
    /** The version the device answered the applied save with. */
    savedVersion: settled?.kind === 'succeeded' ? settled.version : null,
    /** A save is on its way to the device (a Force Sync is not). */
    saving: flow.pending && flow.pendingType !== 'get',
  };
}
