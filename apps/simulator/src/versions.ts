import type { DeviceProduct } from '@ec/contract/products';

/** Software versions a simulated device runs, per product. */
export const VERSIONS: Record<
  DeviceProduct,
  { firmware: string; daemon: string; system: string; cloud: string }
> = {
  edgecaster: { firmware: 'v10.5.2', daemon: 'v10.5.2', system: '2.4.1', cloud: 'V1.25.0' },
  edgecaster_max: { firmware: 'v11.2.1', daemon: 'v11.2.1', system: '3.1.0', cloud: 'V1.25.0' },
};
