import { deviceCommandOperations } from '@ec/contract/device-commands';
import { callOperation } from '../../../lib/api-client';

/** POST /devices/{device_guid}/updates/cloud {update: true}: answers the update_cloud command's guid (spec 2 §7). */
export const updateCloudAgent = (deviceGuid: string) =>
  callOperation(deviceCommandOperations.updateCloud, {
    params: { device_guid: deviceGuid },
    body: { update: true },
  });
