import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOrgWithOwner } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedDemoAlertRules } from './demo-alert-rules.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('gives the demo organization High CPU and Encoder Error templates and Device Offline, e-mailing its admin', async () => {
  const { owner, orgGuid } = await createOrgWithOwner(t);
  await seedDemoAlertRules(t.db, orgGuid, owner.userGuid);

  const templates = await t.app.inject({
    url: `/v1/orgs/${orgGuid}/alert_templates`,
    headers: owner.headers(),
  });
  expect(templates.statusCode, templates.body).toBe(200);
  expect(templates.json().templates).toMatchObject([
    {
      category: 'org',
      type: 'metric',
      name: 'cpu_percent_used',
      label: 'High CPU Utilization',
      config: {
        enabled: true,
        threshold_value: 90,
        threshold_condition: 'GreaterThan',
        user_list: [owner.userGuid],
      },
    },
    {
      type: 'encoders',
      name: 'status',
      label: 'Encoder Error',
      config: { enabled: true, threshold_value: 'RUNNING', threshold_condition: 'NotEqualTo' },
    },
  ]);
  const settings = await t.app.inject({
    url: `/v1/orgs/${orgGuid}/alert_settings`,
    headers: owner.headers(),
  });
  expect(settings.json()).toEqual({
    offline: { enabled: true, notify_on_close: true, user_list: [owner.userGuid], email_list: [] },
  });
});
