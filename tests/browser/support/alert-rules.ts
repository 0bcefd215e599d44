import type { Shadow } from '@ec/contract/shadows';
import { type APIRequestContext, expect } from '@playwright/test';
import { demoOrgHeaders } from './demo-org.ts';

/** Gives the device one enabled rule that any memory reading breaks, and waits until the device reports it. */
export async function addMemoryRule(request: APIRequestContext, deviceGuid: string, label: string) {
  const headers = await demoOrgHeaders(request);
  const reportedAlerts = async () => {
    const shadows = await request.get(`/v1/devices/${deviceGuid}/shadows`, {
      headers,
      params: { shadow_names: 'Alerts' },
    });
    const [alerts] = ((await shadows.json()) as { shadows: Shadow[] }).shadows;
    return alerts?.reported;
  };
  // A set names the version it changes: a device that has just come online may not have reported it yet.
  await expect
    .poll(async () => (await reportedAlerts())?.current_version, {
      message: 'the device reports its Alerts document',
    })
    .toBeDefined();
  const reported = await reportedAlerts();
  const sent = await request.post(`/v1/devices/${deviceGuid}/shadows/commands`, {
    headers,
    data: {
      command_type: 'set',
      commands: [
        {
          shadow_name: 'Alerts',
          target_version: reported?.current_version ?? 0,
          state: {
            alerts: [
              {
                type: 'metric',
                name: 'memory_system_percent_used',
                label,
                category: 'device',
                config: {
                  enabled: true,
                  threshold_value: -1,
                  threshold_condition: 'GreaterThan',
                  notify_on_close: false,
                  user_list: [],
                  email_list: [],
                },
              },
            ],
          },
        },
      ],
    },
  });
  expect(sent.ok()).toBe(true);
  await expect
    .poll(async () => JSON.stringify((await reportedAlerts())?.state ?? {}), {
      message: 'the device applies the rule and reports it',
    })
    .toContain(label);
}
