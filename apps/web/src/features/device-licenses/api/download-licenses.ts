import { entitlementOperations } from '@ec/contract/entitlements/entitlement-operations';
import { ENTITLEMENT_JSON_VERSION } from '@ec/contract/entitlements/merge-entitlements';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { jsonFileName, saveJsonFile } from '../logic/save-json-file';

/**
 * GET /entitlements/devices/{device_guid}?version=10.3.0: the device's licences as the file a device
 * loads (its licences and the entitlements they merge to), read afresh and saved (spec 2 §7, spec 3 §7).
 */
export const getLicenseFile = (deviceGuid: string) =>
  callOperation(entitlementOperations.device, {
    params: { device_guid: deviceGuid },
    query: { version: ENTITLEMENT_JSON_VERSION },
  });

export function useDownloadLicenses(deviceGuid: string, deviceName: string) {
  return useMutation({
    mutationFn: () => getLicenseFile(deviceGuid),
    onSuccess: (file) => saveJsonFile(jsonFileName(deviceName, 'licenses'), file),
  });
}
