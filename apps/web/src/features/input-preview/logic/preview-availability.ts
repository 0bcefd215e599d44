import type { DeviceRights } from '@ec/contract/access';
import { DEVICE_COMMAND_RULES, deviceCommandRefusal } from '@ec/contract/device-command-rules';
import type { Device } from '@ec/contract/devices';
import { INPUT_PREVIEW_MESSAGES } from '@ec/contract/input-preview';

/**
 * Why the device's inputs show no live preview (spec 2 §8), or null when the page may ask for one:
 * the same rule as the send_input_preview command (rights, licence unless a device admin, cloud agent
 * v1.3.0), then the device must be online.
 */
export function previewUnavailable(input: {
  device: Pick<Device, 'cloud_version' | 'online'>;
  rights: DeviceRights;
  entitlements: Readonly<Record<string, unknown>>;
}): string | null {
  const refusal = deviceCommandRefusal({
    command: 'send_input_preview',
    rights: input.rights,
    entitlements: input.entitlements,
    cloudVersion: input.device.cloud_version ?? null,
    featureLabel: (feature) => feature,
  });
  if (refusal?.reason === 'entitlement') return INPUT_PREVIEW_MESSAGES.notLicensed;
  if (refusal?.reason === 'cloud agent')
    return INPUT_PREVIEW_MESSAGES.cloudAgent(DEVICE_COMMAND_RULES.send_input_preview.cloudAgent ?? '');
  if (refusal) return refusal.message;
  if (!input.device.online) return INPUT_PREVIEW_MESSAGES.offline;
  return null;
}
