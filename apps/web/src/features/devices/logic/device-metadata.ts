import type { Device } from '@ec/contract/devices';

export const DEPLOYMENT_STATUS_LABELS: Record<string, string> = {
  in_transit: 'In Transit',
  not_deployed: 'Not Deployed',
  testing: 'Testing',
  production: 'Production',
};

export const deploymentStatusLabel = (value: string | null | undefined) =>
  (value && DEPLOYMENT_STATUS_LABELS[value]) || 'Not Defined';

export function metadataValue(device: Pick<Device, 'metadata'>, key: string): string | null {
  return device.metadata.find((entry) => entry.key === key)?.value || null;
}
