import { useMemo } from 'react';
import { encoderDraftsOf, encodersSetState } from '../../../lib/shadows/encoders-drafts';
import { useShadow } from '../../../lib/shadows/get-shadow';
import { inputOptionsOf } from '../../../lib/shadows/inputs-drafts';
import { useDeviceConfigContext } from '../hooks/use-device-config-context';
import { useReportedEntries } from '../hooks/use-reported-entries';
import { useShadowTab } from '../hooks/use-shadow-tab';
import { DeviceContextGate } from './device-context-gate';
import { EncodersList } from './encoders-list';
import { ShadowTabFrame } from './shadow-tab-frame';

/**
 * The Encoders tab (spec 3 §2.1, §2.3, §4.1, §4.2), built as the System tab: Save sends the whole list
 * as a set command against the reported version the user has seen; the forms are read-only unless the
 * user can edit and no command is waiting for the device. The device's entitlements and versions
 * decide the limits and choices; the Inputs shadow names the inputs an encoder takes.
 */
export function EncodersTab(props: { deviceGuid: string; online: boolean; canEdit: boolean }) {
  const { deviceGuid, canEdit } = props;
  const tab = useShadowTab({ ...props, shadowName: 'Encoders' });
  const { flow, reported } = tab;
  const device = useDeviceConfigContext(deviceGuid);
  const inputs = useShadow(deviceGuid, 'Inputs');
  const inputOptions = useMemo(() => inputOptionsOf(inputs.data?.reported?.state), [inputs.data]);

  const state = reported?.state;
  const values = useMemo(() => ({ encoders: encoderDraftsOf(state) }), [state]);
  const reportedEntries = useReportedEntries(state, 'encoders');

  return (
    <ShadowTabFrame
      shadow={tab.shadow}
      flow={flow}
      canEdit={canEdit}
      loadingLabel="Loading the Encoders configuration"
      onForceSync={tab.forceSync}
    >
      <DeviceContextGate device={device} loadingLabel="Loading the device's licences">
        {(context) =>
          reported && (
            <EncodersList
              reported={{ version: reported.current_version, values }}
              reportedEntries={reportedEntries}
              context={context}
              inputs={inputOptions}
              editable={canEdit && !flow.pending}
              showActions={canEdit}
              saving={tab.saving}
              savedCount={tab.savedCount}
              savedVersion={tab.savedVersion}
              onSave={(drafts, targetVersion) => tab.save(encodersSetState(drafts), targetVersion)}
            />
          )
        }
      </DeviceContextGate>
    </ShadowTabFrame>
  );
}
