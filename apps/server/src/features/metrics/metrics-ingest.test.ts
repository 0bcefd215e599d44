import { bitrateMetricName } from '@ec/contract/metrics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatedDevice } from '../../../test/devices-on-the-broker.ts';
import { createTestAppWithOrg, eventually, type TestUser } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let orgGuid: string;
beforeAll(async () => {
  ({ t, owner, orgGuid } = await createTestAppWithOrg());
});
afterAll(() => t.close());

describe('metrics from a simulated device over MQTT', () => {
  it('are stored as they arrive and answered by the explorer, with the bus told', async () => {
    const told: string[] = [];
    t.bus.on('device.metrics', (event) => told.push(event.deviceGuid));
    const simulated = await startSimulatedDevice(t, { orgGuid, metricsIntervalMs: 200 });
    try {
      const guid = simulated.device.device_guid;
      const start = new Date(Date.now() - 60_000).toISOString();
      const answer = await eventually(async () => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/v1/devices/metrics',
          headers: owner.headers(orgGuid),
          payload: {
            device_guids: [guid],
            metrics: [
              { namespace: 'system', metric_name: 'cpu_percent_used', period: 60, statistic: 'SampleCount' },
              {
                namespace: 'encoders',
                metric_name: bitrateMetricName('encoder', 1),
                period: 60,
                statistic: 'Maximum',
              },
            ],
            start_time: start,
            end_time: new Date(Date.now() + 60_000).toISOString(),
          },
        });
        const body = response.json();
        const counted = body.metrics?.[0]?.values.reduce((sum: number, n: number) => sum + n, 0) ?? 0;
        return counted >= 3 ? body : undefined;
      });
      expect(answer.metrics[0].label).toBe(
        `${(simulated.shadow('System').state.config as { device_name: string }).device_name} - CPU Utilization`,
      );
      expect(told).toContain(guid);
      const names = await t.app.inject({
        method: 'GET',
        url: '/v1/devices/metrics',
        headers: owner.headers(orgGuid),
      });
      const system = names
        .json()
        .namespaces.find((namespace: { namespace: string }) => namespace.namespace === 'system');
      expect(system.metrics.map((metric: { metric_name: string }) => metric.metric_name)).toEqual([
        'cpu_percent_used',
        'memory_system_percent_used',
        'filesystem_userdata_percent_used',
        'thermal_system_temp_current',
        'network_bytes_sent',
        'network_bytes_received',
      ]);
    } finally {
      await simulated.stop();
    }
  });
});
