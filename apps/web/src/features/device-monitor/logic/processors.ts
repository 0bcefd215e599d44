import type { DeviceState } from '@ec/contract/devices';
import type { DeviceProduct } from '@ec/contract/products';

/**
 * The processors the throttling check reads (spec 2 §9): CPU1 to CPU4 on an edgecaster, and the GPU
 * on every product; an edgecaster_max reports its GPU only.
 */
export function throttlingChecks(product: DeviceProduct, state: DeviceState) {
  const cpus =
    product === 'edgecaster'
      ? ([
          ['CPU1', state.cpu_CPU1_throttling],
          ['CPU2', state.cpu_CPU2_throttling],
          ['CPU3', state.cpu_CPU3_throttling],
          ['CPU4', state.cpu_CPU4_throttling],
        ] as const)
      : [];
  return [...cpus, ['GPU', state.gpu_throttling] as const].map(([name, value]) => ({
    name,
    /** null: the device does not report it. */
    throttling: value ?? null,
  }));
}

/** The processors status label: the throttled processors, 'Processors OK', or unknown without a report. */
export function processorsLabel(product: DeviceProduct, state: DeviceState | null) {
  if (!state) return { text: 'Processors Unknown', tone: 'default' as const };
  const checks = throttlingChecks(product, state);
  const throttled = checks.filter((check) => check.throttling === true).map((check) => check.name);
  if (throttled.length > 0) return { text: `Throttling: ${throttled.join(', ')}`, tone: 'warning' as const };
  if (checks.every((check) => check.throttling === null))
    return { text: 'Processors Unknown', tone: 'default' as const };
  return { text: 'Processors OK', tone: 'success' as const };
}
