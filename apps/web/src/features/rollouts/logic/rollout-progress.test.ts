import { ROLLOUT_DEVICE_STATES, type RolloutCounts } from '@ec/contract/rollouts';
import { describe, expect, it } from 'vitest';
import { countsSummary, progressPercent, rolloutSourceLabel, waveLabel, wavesFor } from './rollout-progress';

const counts = (values: Partial<RolloutCounts>): RolloutCounts => ({
  ...(Object.fromEntries(ROLLOUT_DEVICE_STATES.map((state) => [state, 0])) as RolloutCounts),
  ...values,
});

describe('rollout progress in words', () => {
  it('names the source', () => {
    expect(
      rolloutSourceLabel({ source_kind: 'template', template_name: 'Stage', shadow_name: 'Inputs' }),
    ).toBe('Template “Stage” (Inputs)');
    expect(rolloutSourceLabel({ source_kind: 'change', template_name: null, shadow_name: 'Outputs' })).toBe(
      'Outputs change',
    );
  });

  it('says which wave is under way, then what is left', () => {
    const base = { wave_count: 3, rollout_state: 'running' as const, counts: counts({}) };
    expect(waveLabel({ ...base, current_wave: 1 })).toBe('Wave 2 of 3');
    expect(waveLabel({ ...base, current_wave: 3, counts: counts({ queued: 2 }) })).toBe(
      'Waiting for 2 queued devices',
    );
    expect(waveLabel({ ...base, current_wave: 3, rollout_state: 'completed' })).toBe('All 3 waves sent');
  });

  it('sums the devices up and measures the share done', () => {
    const some = counts({ acknowledged: 3, rejected: 1, pending: 4 });
    expect(countsSummary(some)).toBe('3 Acknowledged, 4 Waiting, 1 Rejected');
    expect(countsSummary(counts({}))).toBe('No devices');
    expect(progressPercent(some)).toBe(50);
    expect(progressPercent(counts({}))).toBe(0);
    expect(wavesFor(1000, 100)).toBe(10);
    expect(wavesFor(5, 2)).toBe(3);
  });
});
