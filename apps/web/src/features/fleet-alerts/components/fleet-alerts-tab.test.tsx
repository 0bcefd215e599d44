import type { FleetAlertTemplate } from '@ec/contract/fleet-templates';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInToTestOrg, TEST_ORG_GUID } from '../../../testing/alert-fixtures';
import { makeFleet, makeOrg } from '../../../testing/data-generators';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { FleetAlertsTab } from './fleet-alerts-tab';

const fleet = makeFleet({ org_guid: TEST_ORG_GUID, editable: true });
const outputError: FleetAlertTemplate = {
  alert_guid: '00000000-0000-4000-b000-0000000000a1',
  fleet_guid: fleet.fleet_guid,
  type: 'outputs',
  name: 'status_code',
  label: 'Output Error',
  category: 'fleet',
  config: {
    enabled: true,
    threshold_value: 'RUNNING',
    threshold_condition: 'NotEqualTo',
    notify_on_close: true,
    user_list: [],
    email_list: [],
  },
  alert_state: 'ALARM',
  updated_at: '2026-11-27T05:00:00.000Z',
};
const alertsPath = `/fleets/${fleet.fleet_guid}/alerts`;

function mockAlerts() {
  return mockApi({
    'GET /orgs': {
      body: { orgs: [makeOrg({ org_guid: TEST_ORG_GUID, access: 300 })], pagination_token: null },
    },
    [`GET /orgs/${TEST_ORG_GUID}/users`]: { body: { users: [], pagination_token: null } },
    [`GET ${alertsPath}`]: { body: { alerts: [outputError] } },
    [`PUT ${alertsPath}`]: (call) => ({
      body: {
        alerts: (call.body as { alerts: FleetAlertTemplate[] }).alerts.map((alert) => ({
          ...alert,
          fleet_guid: fleet.fleet_guid,
          category: 'fleet',
          alert_state: 'OK',
          updated_at: outputError.updated_at,
        })),
      },
    }),
  });
}

let calls: MockCall[];
beforeEach(() => signInToTestOrg());

describe('the fleet Alerts tab (spec 2 §2.6, §7)', () => {
  it('keeps edits local until Save, which sends the whole list with a generated guid for the new alert', async () => {
    calls = mockAlerts();
    const { user } = renderWithProviders(<FleetAlertsTab fleet={fleet} />);
    const table = await screen.findByRole('table', { name: 'Fleet alerts' });
    expect(within(table).getByRole('row', { name: /Output Error/ })).toHaveTextContent('Output Error');

    await user.click(screen.getByRole('button', { name: 'Create Alert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Alert' });
    await user.type(within(dialog).getByLabelText(/Name/), 'memory_system_percent_used');
    expect(within(dialog).getByLabelText(/Label/)).toHaveValue('High Memory Utilization');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(table).findByRole('row', { name: /High Memory Utilization/ })).toHaveTextContent(
      'New',
    );
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    // A type change resets the config to the type's defaults, turned off.
    const settings = await screen.findByRole('region', { name: 'High Memory Utilization settings' });
    await user.click(within(settings).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Encoders' }));
    expect(within(settings).getByRole('textbox', { name: 'Threshold' })).toHaveValue('RUNNING');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    const body = calls.find((call) => call.method === 'PUT')?.body as { alerts: FleetAlertTemplate[] };
    expect(body.alerts.map((alert) => alert.label)).toEqual(['Output Error', 'High Memory Utilization']);
    const created = body.alerts[1]!;
    expect(created.alert_guid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(created).toMatchObject({
      type: 'encoders',
      config: { enabled: false, threshold_value: 'RUNNING', threshold_condition: 'NotEqualTo' },
    });
    await waitFor(() =>
      expect(within(table).getByRole('row', { name: /High Memory Utilization/ })).toHaveTextContent('OK'),
    );
  });

  it('shows readers the list without Create or Save', async () => {
    mockAlerts();
    renderWithProviders(<FleetAlertsTab fleet={{ ...fleet, editable: false }} />);
    expect(await screen.findByRole('table', { name: 'Fleet alerts' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Alert' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('shows the failed load with Retry', async () => {
    mockApi({ [`GET ${alertsPath}`]: { status: 500, body: { message: 'Boom', error_code: 'X' } } });
    renderWithProviders(<FleetAlertsTab fleet={fleet} />);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
