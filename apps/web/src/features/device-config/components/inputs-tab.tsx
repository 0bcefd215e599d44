import { useMemo } from 'react';
import { inputDraftsOf, inputsSetState } from '../../../lib/shadows/inputs-drafts';
import { useDeviceConfigContext } from '../hooks/use-device-config-context';
import { useReportedEntries } from '../hooks/use-reported-entries';
import { useShadowTab } from '../hooks/use-shadow-tab';
import { DeviceContextGate } from './device-context-gate';
import { InputsList } from './inputs-list';
import { ShadowTabFrame } from './shadow-tab-frame';

/**
 * The Inputs tab (spec 3 §2.1, §2.2, §4.1, §4.2), built as the System tab: Save sends the whole list
 * as a set command against the reported version the user has seen; the forms are read-only unless the
 * user can edit and no command is waiting for the device. The device's product, versions and
 * entitlements decide its channels, gates and input count.
 */
export function InputsTab(props: { deviceGuid: string; online: boolean; canEdit: boolean }) {
  const { deviceGuid, canEdit } = props;
  const tab = useShadowTab({ ...props, shadowName: 'Inputs' });
  const { flow, reported } = tab;
  const device = useDeviceConfigContext(deviceGuid);

  const state = reported?.state;
  const values = useMemo(() => ({ inputs: inputDraftsOf(state) }), [state]);
  const reportedEntries = useReportedEntries(state, 'inputs');

  return (
    <ShadowTabFrame
      shadow={tab.shadow}
      flow={flow}
      canEdit={canEdit}
      loadingLabel="Loading the Inputs configuration"
      onForceSync={tab.forceSync}
    >
      <DeviceContextGate device={device} loadingLabel="Loading the device's licences">
        {(context) =>
          reported && (
            <InputsList
              reported={{ version: reported.current_version, values }}
              reportedEntries={reportedEntries}
              context={context}
              editable={canEdit && !flow.pending}
              showActions={canEdit}
              saving={tab.saving}
              savedCount={tab.savedCount}
              savedVersion={tab.savedVersion}
              onSave={(drafts, targetVersion) => tab.save(inputsSetState(drafts), targetVersion)}
            />
          )
        }
      </DeviceContextGate>
    </ShadowTabFrame>
  );
}
