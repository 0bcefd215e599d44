import {
  FINISHED_ROLLOUT_STATES,
  ROLLOUT_DEVICE_STATE_LABELS,
  type Rollout,
  type RolloutCounts,
  type RolloutDeviceState,
} from '@ec/contract/rollouts';

/** 'Template “Stage inputs” (Inputs)' or 'Inputs change'. */
export function rolloutSourceLabel(rollout: Pick<Rollout, 'source_kind' | 'template_name' | 'shadow_name'>) {
  return rollout.source_kind === 'template'
    ? `Template “${rollout.template_name ?? ''}” (${rollout.shadow_name})`
    : `${rollout.shadow_name} change`;
}

/** Where the rollout is: 'Wave 2 of 3', 'Waiting for 1 queued device', 'All 3 waves sent'. */
export function waveLabel(
  rollout: Pick<Rollout, 'current_wave' | 'wave_count' | 'rollout_state' | 'counts'>,
) {
  const { current_wave: current, wave_count: count } = rollout;
  if (current < count) return `Wave ${current + 1} of ${count}`;
  const queued = rollout.counts.queued;
  if (queued > 0 && !FINISHED_ROLLOUT_STATES.includes(rollout.rollout_state))
    return `Waiting for ${queued} queued device${queued === 1 ? '' : 's'}`;
  return `All ${count} wave${count === 1 ? '' : 's'} sent`;
}

/** The states worth naming, in this order, with their counts: '3 Acknowledged, 1 Rejected'. */
const SUMMARY_ORDER: RolloutDeviceState[] = [
  'acknowledged',
  'sent',
  'pending',
  'queued',
  'skipped',
  'rejected',
  'timed_out',
  'cancelled',
];
export function countsSummary(counts: RolloutCounts) {
  const parts = SUMMARY_ORDER.filter((state) => counts[state] > 0).map(
    (state) => `${counts[state]} ${ROLLOUT_DEVICE_STATE_LABELS[state]}`,
  );
  return parts.length ? parts.join(', ') : 'No devices';
}

/** The share of devices that are done with (acknowledged, skipped or failed), 0-100. */
export function progressPercent(counts: RolloutCounts) {
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  if (!total) return 0;
  const open = counts.pending + counts.sent + counts.queued;
  return Math.round(((total - open) / total) * 100);
}

/** How many waves `deviceCount` devices make in waves of `waveSize` (the dialog's summary). */
export const wavesFor = (deviceCount: number, waveSize: number) =>
  waveSize > 0 ? Math.ceil(deviceCount / waveSize) : 0;
