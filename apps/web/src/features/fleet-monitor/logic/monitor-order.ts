import type { Device } from '@ec/contract/devices';
import { STREAMING_STATUS, type StreamingStatus } from '@ec/contract/streaming-status';

/** The monitor card's colour by streaming status (spec 2 §4.1): 1 green, 0 red, 2 orange, 3 grey. */
export type MonitorTone = 'success' | 'error' | 'warning' | 'grey';

export function monitorTone(status: StreamingStatus): MonitorTone {
  switch (status) {
    case STREAMING_STATUS.streaming:
      return 'success';
    case STREAMING_STATUS.error:
      return 'error';
    case STREAMING_STATUS.notStreaming:
      return 'warning';
    default:
      return 'grey';
  }
}

/**
 * The order of the monitor's cards (decision 186): by streaming status as spec 2 §4.1 numbers it, so
 * the devices with a failing output (0) come first and offline (4) and stateless (5) ones last; then by
 * name, as people know the device.
 */
export function byStreamingStatus(devices: readonly Device[]): Device[] {
  const name = (device: Device) => (device.device_name || device.serial_number).toLowerCase();
  return [...devices].sort(
    (a, b) => a.streaming_status - b.streaming_status || name(a).localeCompare(name(b)),
  );
}
