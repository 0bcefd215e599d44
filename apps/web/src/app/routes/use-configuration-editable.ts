import type { DeviceRights } from '@ec/contract/device-command-rules';
import { configurationEditRefusal } from '@ec/contract/device-command-rules';
import { featureLabel } from '@ec/contract/entitlements/capability-catalogue';
import { useDeviceUpdating } from '../../features/device-updates/hooks/use-device-updating';
import { useDeviceEntitlements } from '../../lib/entitlements/get-device-entitlements';

/**
 * Whether the configuration forms of the device are editable (spec 3 §6): the server refuses a change
 * by the same rule. Until the device's entitlements are known, the forms stay read-only, and while the
 * device is updating (a pending update, spec 2 §4.6) too.
 */
export function useConfigurationEditable(deviceGuid: string, rights: DeviceRights): boolean {
  const entitlements = useDeviceEntitlements(deviceGuid);
  const updating = useDeviceUpdating(deviceGuid);
  if (!entitlements.isSuccess || updating) return false;
  const { properties, product_name } = entitlements.data;
  return (
    configurationEditRefusal({
      rights,
      entitlements: properties,
      featureLabel: (feature) => featureLabel(product_name, feature),
    }) === null
  );
}
