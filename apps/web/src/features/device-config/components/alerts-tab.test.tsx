import { NUMBER_MESSAGE } from '@ec/contract/shadow-documents/fields';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store';
import { alertsPage, makeAlert } from '../../../testing/alert-fixtures';
import { makeHighTemperatureRule, makeShadowCommand } from '../../../testing/data-generators';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { AlertsTab } from './alerts-tab';

const DEVICE = '00000000-0000-4000-8000-000000000001';
const ORG = '00000000-0000-4000-8000-0000000000aa';
const base = `/devices/${DEVICE}/shadows`;

const alertsShadow = {
  shadow_name: 'Alerts',
  reported: {
    current_version: 5,
    timestamp: '2026-01-01T12:00:00.000Z',
    state: {
      alerts: [
        { ...makeHighTemperatureRule(), alert_state: 'ok' },
        {
          alert_guid: 'a2',
          type: 'outputs',
          name: 'status_code',
          label: 'Output Error',
          category: 'fleet',
          fleet_guid: '00000000-0000-4000-8000-0000000000ff',
          alert_state: 'ALARM',
          config: { enabled: true, threshold_value: 'RUNNING', threshold_condition: 'NotEqualTo' },
        },
      ],
    },
  },
  requested: null,
};

const sentCommand = {
  command: makeShadowCommand({
    shadow_name: 'Alerts',
    response: { message: null, error_code: null, state: null, current_version: 6 },
  }),
};

function mockAlerts() {
  return mockApi({
    [`GET ${base}`]: { body: { shadows: [alertsShadow] } },
    [`GET /orgs/${ORG}/users`]: {
      body: {
        users: [{ user_guid: 'u1', name: 'Ops Lead', email: 'ops@example.com', access: 'admin' }],
        pagination_token: null,
      },
    },
    [`POST ${base}/commands`]: {
      status: 202,
      body: { commands: [{ shadow_name: 'Alerts', command_guid: 'c1' }] },
    },
    [`GET ${base}/commands/c1`]: { body: sentCommand },
  });
}

describe('AlertsTab', () => {
  beforeEach(() => sessionStore.selectOrg(ORG));

  it('lists the alerts with their category, whether enabled and their state', async () => {
    mockAlerts();
    renderWithProviders(<AlertsTab deviceGuid={DEVICE} online canEdit />);
    const table = await screen.findByRole('table', { name: 'Device alerts' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('High Temperature');
    expect(rows[1]).toHaveTextContent('OK');
    // An active alert shows its label as its state; a fleet's alert is edited in the fleet.
    expect(rows[2]).toHaveTextContent(/Output Error.*fleet.*Yes.*Output Error/);
  });

  it("shows a rule's alert while the server holds it unresolved on this device", async () => {
    sessionStore.setToken({
      access_token: 'token',
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
      refresh_token: 'refresh',
    });
    sessionStore.selectOrg(ORG);
    const raised = makeAlert({
      device_guid: DEVICE,
      name: 'thermal_system_temp_current',
      category: 'device',
    });
    const elsewhere = makeAlert({
      device_guid: ORG,
      name: 'thermal_system_temp_current',
      category: 'device',
    });
    mockApi({
      [`GET ${base}`]: { body: { shadows: [alertsShadow] } },
      'GET /device_alerts': { body: alertsPage([raised, elsewhere]) },
      'GET /alerts': { body: alertsPage([]) },
    });
    renderWithProviders(<AlertsTab deviceGuid={DEVICE} online canEdit />);
    const table = await screen.findByRole('table', { name: 'Device alerts' });
    // The device reported 'ok'; the server's engine has raised it.
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/High Temperature.*High Temperature/),
    );
    expect(within(table).getAllByRole('row')[1]).not.toHaveTextContent('OK');
  });

  it('edits a threshold, blocks a value that is not a number, and saves the whole list', async () => {
    const calls = mockAlerts();
    const { user } = renderWithProviders(<AlertsTab deviceGuid={DEVICE} online canEdit />);
    await user.click(await screen.findByRole('button', { name: 'High Temperature' }));
    const threshold = screen.getByLabelText('Threshold');
    await user.clear(threshold);
    await user.type(threshold, 'hot');
    expect(await screen.findByText(NUMBER_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.clear(threshold);
    await user.type(threshold, '75');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.body).toMatchObject({
      command_type: 'set',
      commands: [{ shadow_name: 'Alerts', target_version: 5 }],
    });
    const state = (sent?.body as unknown as { commands: { state: { alerts: unknown[] } }[] } | undefined)
      ?.commands[0]?.state;
    expect(state?.alerts).toHaveLength(2);
    expect(state?.alerts[0]).toMatchObject({ alert_guid: 'a1', config: { threshold_value: 75 } });
  });

  it('creates a predefined alert disabled, deletes another, and reverts both', async () => {
    mockAlerts();
    const { user } = renderWithProviders(<AlertsTab deviceGuid={DEVICE} online canEdit />);
    await user.click(await screen.findByRole('button', { name: 'Create Alert' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Alert' });
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Name/), 'memory_system_percent_used');
    expect(within(dialog).getByLabelText(/Label/)).toHaveValue('High Memory Utilization');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const table = await screen.findByRole('table', { name: 'Device alerts' });
    expect(within(table).getByText('High Memory Utilization').closest('tr')).toHaveTextContent(/No.*Unknown/);
    expect(screen.getByRole('switch', { name: 'Enabled' })).not.toBeChecked();

    await user.click(within(table).getByRole('button', { name: 'High Temperature' }));
    await user.click(screen.getByRole('button', { name: 'Delete Alert' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Alert' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(within(table).queryByText('High Temperature')).not.toBeInTheDocument());

    await user.click(await screen.findByRole('button', { name: 'Revert' }));
    expect(within(table).getByText('High Temperature')).toBeInTheDocument();
    expect(within(table).queryByText('High Memory Utilization')).not.toBeInTheDocument();
  });

  it('shows readers the alerts without editing', async () => {
    mockAlerts();
    const { user } = renderWithProviders(<AlertsTab deviceGuid={DEVICE} online canEdit={false} />);
    await user.click(await screen.findByRole('button', { name: 'High Temperature' }));
    expect(screen.getByLabelText('Threshold')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Create Alert' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
