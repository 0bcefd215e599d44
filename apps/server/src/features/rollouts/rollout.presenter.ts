import {
  ROLLOUT_DEVICE_STATES,
  type Rollout,
  type RolloutCounts,
  type RolloutDevice,
  type RolloutWave,
} from '@ec/contract/rollouts';
import type {
  RolloutDeviceListRow,
  RolloutRow,
  RolloutStateCounts,
} from '../../device-core/rollouts/rollouts.reads.ts';

const fullCounts = (counts: RolloutStateCounts): RolloutCounts =>
  Object.fromEntries(ROLLOUT_DEVICE_STATES.map((state) => [state, counts[state] ?? 0])) as RolloutCounts;

/** A rollout as the API answers it. */
export function presentRollout(row: RolloutRow, counts: RolloutStateCounts, manageable: boolean): Rollout {
  const all = fullCounts(counts);
  return {
    rollout_guid: row.rolloutGuid,
    org_guid: row.orgGuid,
    rollout_state: row.rolloutState,
    stop_reason: row.stopReason,
    source_kind: row.sourceKind,
    shadow_name: row.shadowName,
    template_guid: row.templateGuid,
    template_name: row.templateName,
    target_kind: row.targetKind,
    fleet_guid: row.fleetGuid,
    wave_size: row.waveSize,
    pause_seconds: row.pauseSeconds,
    offline_policy: row.offlinePolicy,
    wave_count: row.waveCount,
    current_wave: row.currentWave,
    next_wave_at: row.nextWaveAt?.toISOString() ?? null,
    device_count: Object.values(all).reduce((sum, count) => sum + count, 0),
    counts: all,
    created_by_email: row.createdByEmail,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    manageable,
  };
}

const presentDevice = (row: RolloutDeviceListRow): RolloutDevice => ({
  device_guid: row.deviceGuid,
  device_name: row.deviceName,
  serial_number: row.serialNumber,
  wave: row.wave,
  device_state: row.deviceState,
  command_guid: row.commandGuid,
  message: row.message,
  error_code: row.errorCode,
  sent_at: row.sentAt?.toISOString() ?? null,
  finished_at: row.finishedAt?.toISOString() ?? null,
});

/** The devices grouped by wave, each wave with its counts. */
export function presentWaves(devices: readonly RolloutDeviceListRow[], waveCount: number): RolloutWave[] {
  const waves: RolloutWave[] = Array.from({ length: waveCount }, (_, wave) => ({
    wave,
    counts: fullCounts({}),
    devices: [],
  }));
  for (const device of devices) {
    const wave = waves[device.wave];
    if (!wave) continue;
    wave.devices.push(presentDevice(device));
    wave.counts[device.deviceState] += 1;
  }
  return waves;
}
