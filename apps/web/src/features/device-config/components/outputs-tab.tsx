import { entriesOf } from '@ec/contract/shadow-documents/fields';
import { driveSchema } from '@ec/contract/shadow-documents/outputs';
import { XML_ACTIVE_MESSAGE, xmlEnabled } from '@ec/contract/shadow-documents/system';
import type { ShadowSetContext } from '@ec/contract/shadow-registry';
import {
  DYNAMIC_OUTPUTS_LOCKED_MESSAGE,
  type OutputDeviceSoftware,
  supportsOutputFeature,
} from '@ec/contract/version-gates';
import Alert from '@mui/material/Alert';
import { useMemo } from 'react';
import { z } from 'zod';
import { PageSkeleton } from '../../../components/ui/page-skeleton';
import { RequestError } from '../../../components/ui/request-error';
import { useShadow } from '../../../lib/shadows/get-shadow';
import { draftsOf } from '../../../lib/shadows/outputs-drafts';
import { useDeviceConfigContext } from '../hooks/use-device-config-context';
import { useShadowTab } from '../hooks/use-shadow-tab';
import type { OutputDeviceContext } from './outputs-config-fields';
import { OutputsList } from './outputs-list';
import { ShadowTabFrame } from './shadow-tab-frame';

const drivesSchema = z.array(driveSchema);

/**
 * The Outputs tab (spec 3 §2.1, §2.4, §4.1, §4.2), built as the System tab: Save sends the whole list
 * as a set command against the reported version the user has seen; the forms are read-only unless the
 * user can edit and no command is waiting for the device. The device's licence decides the types it
 * may create, its software the types and settings it runs, and its Encoders shadow what an output may
 * stream (and the rules about them). While its System shadow has an XML configuration active, the
 * outputs are the XML's: read-only, without Create, Delete, Revert or Save (spec 3 §2.1, §6).
 */
export function OutputsTab(props: { deviceGuid: string; online: boolean; canEdit: boolean }) {
  const { deviceGuid, canEdit } = props;
  const tab = useShadowTab({ ...props, shadowName: 'Outputs' });
  const { shadow, flow, reported } = tab;
  const config = useDeviceConfigContext(deviceGuid);
  const encoders = useShadow(deviceGuid, 'Encoders');
  const system = useShadow(deviceGuid, 'System');

  const state = reported?.state;
  const encodersState = encoders.data?.reported?.state;
  const systemState = system.data?.reported?.state;
  const managedByXml = xmlEnabled(systemState);
  const values = useMemo(() => ({ outputs: draftsOf(state) }), [state]);
  const reportedEntries = useMemo(
    () => new Map(entriesOf(state, 'outputs').map((entry) => [String(entry.id), entry])),
    [state],
  );
  const current = config.context;
  const validation = useMemo<ShadowSetContext | null>(
    () => current && { ...current.validation, documents: { Encoders: encodersState, System: systemState } },
    [current, encodersState, systemState],
  );
  const device = useMemo<OutputDeviceContext | null>(() => {
    if (!current) return null;
    const software: OutputDeviceSoftware = {
      product: current.device.product_name,
      daemonVersion: current.device.daemon_version,
      cloudVersion: current.device.cloud_version,
    };
    const drives = drivesSchema.safeParse((state as { drives?: unknown } | undefined)?.drives);
    return {
      software,
      encoders: entriesOf(encodersState, 'encoders'),
      drives: drives.success ? drives.data : [],
      deviceIp: current.device.device_ip,
    };
  }, [current, state, encodersState]);

  return (
    <ShadowTabFrame
      shadow={shadow}
      flow={flow}
      canEdit={canEdit}
      loadingLabel="Loading the Output configuration"
      onForceSync={tab.forceSync}
    >
      <RequestError error={config.error} onRetry={config.retry} />
      {config.isPending && <PageSkeleton label="Loading the device's licence" />}
      {managedByXml && <Alert severity="info">{XML_ACTIVE_MESSAGE}</Alert>}
      {reported && validation && device && (
        <OutputsList
          reported={{ version: reported.current_version, values }}
          reportedEntries={reportedEntries}
          validation={validation}
          device={device}
          locked={
            supportsOutputFeature('dynamicAddRemove', device.software) ? null : DYNAMIC_OUTPUTS_LOCKED_MESSAGE
          }
          editable={canEdit && !flow.pending && !managedByXml}
          showActions={canEdit && !managedByXml}
          saving={tab.saving}
          savedCount={tab.savedCount}
          savedVersion={tab.savedVersion}
          onSave={tab.save}
        />
      )}
    </ShadowTabFrame>
  );
}
