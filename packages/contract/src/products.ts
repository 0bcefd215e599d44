/** Product kinds (spec 2 §9). cloud_ui only appears in licensing. */
export const DEVICE_PRODUCTS = ['edgecaster', 'edgecaster_max'] as const;
export type DeviceProduct = (typeof DEVICE_PRODUCTS)[number];
export const PRODUCTS = [...DEVICE_PRODUCTS, 'cloud_ui'] as const;
export type Product = (typeof PRODUCTS)[number];

export const PRODUCT_LABELS: Record<Product, string> = {
  edgecaster: 'Edgecaster',
  edgecaster_max: 'Edgecaster Max',
  cloud_ui: 'Cloud UI',
};
