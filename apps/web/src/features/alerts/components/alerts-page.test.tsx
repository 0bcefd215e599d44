import type { AccessLevel } from '@ec/contract/access';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { alertsPage, makeAlert, signInToTestOrg, TEST_ORG_GUID } from '../../../testing/alert-fixtures';
import { makeDevice, makeOrg } from '../../../testing/data-generators';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { AlertsPage } from './alerts-page';

const encoder = makeDevice({ device_name: 'Encoder One' });
const raised = makeAlert({
  device_guid: encoder.device_guid,
  label: 'High Temperature',
  config: { threshold_value: 80, threshold_condition: 'GreaterThan' },
});
const resolved = makeAlert({ device_guid: encoder.device_guid, label: 'Output Error', resolved: true });
const offline = makeAlert({
  alert_type: 'other',
  device_guid: encoder.device_guid,
  label: 'Device Offline',
  legacy: true,
  silenced: true,
  silenced_toggled_by: '00000000-0000-4000-8000-00000000ada0',
  silenced_timestamp: '2026-01-01T12:05:00.000Z',
});

function mockAlerts(access: AccessLevel, handlers: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /orgs': { body: { orgs: [makeOrg({ org_guid: TEST_ORG_GUID, access })], pagination_token: null } },
    'GET /devices': { body: { devices: [encoder], pagination_token: null } },
    [`GET /orgs/${TEST_ORG_GUID}/users`]: {
      body: {
        users: [
          { user_guid: offline.silenced_toggled_by, name: 'Ada', email: 'ada@example.com', access: 300 },
        ],
        pagination_token: null,
      },
    },
    'GET /device_alerts': { body: alertsPage([raised, resolved]) },
    'GET /alerts': { body: alertsPage([offline]) },
    'GET /device_alerts/history': { body: alertsPage([]) },
    'GET /alerts/history': { body: alertsPage([]) },
    ...handlers,
  });
}

const rowOf = async (label: string) =>
  (await within(await screen.findByRole('table', { name: 'Current alerts' })).findByText(label)).closest(
    'tr',
  )!;

beforeEach(() => signInToTestOrg());

describe('the alerts page (spec 2 §2.10)', () => {
  it('lists the current alerts of both types with their device, state and who silenced them', async () => {
    mockAlerts(300);
    renderWithProviders(<AlertsPage />);
    const row = await rowOf('Device Offline');
    expect(within(row).getByRole('link', { name: 'Encoder One' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /^Silenced:/ })).toBeInTheDocument();
    expect(within(row).getByText(/Ada \(ada@example.com\), 2026\/01\/01/)).toBeInTheDocument();
    expect(
      within(await rowOf('Output Error')).getByRole('button', { name: /^Resolved:/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alert templates' })).toHaveAttribute(
      'href',
      '/alerts/templates',
    );
    expect(screen.getByRole('link', { name: 'Legacy alert settings' })).toHaveAttribute(
      'href',
      '/alerts/config',
    );
  });

  it('opens the alert state dialog with its device, condition and silencing', async () => {
    mockAlerts(300);
    const { user } = renderWithProviders(<AlertsPage />);
    await user.click(within(await rowOf('High Temperature')).getByRole('button', { name: /^Unresolved:/ }));
    const dialog = await screen.findByRole('dialog', { name: 'High Temperature' });
    expect(within(dialog).getByText('Encoder One')).toBeInTheDocument();
    expect(within(dialog).getByText('Greater than 80')).toBeInTheDocument();
    expect(within(dialog).getByText('Silenced By')).toBeInTheDocument();
  });

  it('silences an alert, then refetches the organization’s alerts', async () => {
    let silenced = false;
    const calls: MockCall[] = mockAlerts(300, {
      [`PATCH /device_alerts/${encoder.device_guid}`]: (call) => {
        silenced = (call.body as { silenced: boolean }).silenced;
        return { body: { alert: { ...raised, silenced } } };
      },
      'GET /device_alerts': () => ({ body: alertsPage([{ ...raised, silenced }, resolved]) }),
    });
    const { user } = renderWithProviders(<AlertsPage />);
    await user.click(within(await rowOf('High Temperature')).getByRole('button', { name: 'Silence' }));
    await waitFor(async () =>
      expect(
        within(await rowOf('High Temperature')).getByRole('button', { name: 'Unsilence' }),
      ).toBeEnabled(),
    );
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.search.get('alert_guid')).toBe(raised.alert_guid);
    expect(patch?.body).toEqual({ silenced: true });
    expect(calls.filter((call) => call.path === '/device_alerts').length).toBeGreaterThan(1);
  });

  it('keeps Silence of a resolved alert disabled but lets it be closed, and shows the server’s refusal', async () => {
    mockAlerts(300, {
      [`DELETE /alerts/${offline.alert_guid}`]: {
        status: 400,
        body: { message: 'You may not close this alert', error_code: 'X' },
      },
    });
    const { user } = renderWithProviders(<AlertsPage />);
    const resolvedRow = await rowOf('Output Error');
    expect(within(resolvedRow).getByRole('button', { name: 'Silence' })).toBeDisabled();
    expect(within(resolvedRow).getByRole('button', { name: 'Close Alert' })).toBeEnabled();
    await user.click(within(await rowOf('Device Offline')).getByRole('button', { name: 'Close Alert' }));
    expect(await screen.findByText('You may not close this alert')).toBeInTheDocument();
  });

  it('disables the actions for a read-only member without edit rights on the device', async () => {
    const calls = mockAlerts(100, {
      [`GET /devices/${encoder.device_guid}`]: {
        body: { device: encoder, rights: { control: false, edit: false, admin: false } },
      },
    });
    renderWithProviders(<AlertsPage />);
    const row = await rowOf('High Temperature');
    await waitFor(() =>
      expect(calls.some((call) => call.path === `/devices/${encoder.device_guid}`)).toBe(true),
    );
    expect(within(row).getByRole('button', { name: 'Silence' })).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Close Alert' })).toBeDisabled();
  });

  it('enables them for a read-only member who may edit the device', async () => {
    mockAlerts(100, {
      [`GET /devices/${encoder.device_guid}`]: {
        body: { device: encoder, rights: { control: true, edit: true, admin: false } },
      },
    });
    renderWithProviders(<AlertsPage />);
    const row = await rowOf('High Temperature');
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Silence' })).toBeEnabled());
  });

  it('says which list failed, with Retry, and still lists the other', async () => {
    const calls = mockAlerts(300, {
      'GET /alerts': { status: 502, body: { message: 'store unavailable', error_code: 'X' } },
    });
    const { user } = renderWithProviders(<AlertsPage />);
    expect(
      await screen.findByText('Unable to fetch current legacy alerts due to "store unavailable"'),
    ).toBeInTheDocument();
    expect(await rowOf('High Temperature')).toBeInTheDocument();
    const alert = screen.getByText(/Unable to fetch current legacy alerts/).closest('[role="alert"]')!;
    const asked = () => calls.filter((call) => call.path === '/alerts').length;
    const before = asked();
    await user.click(within(alert as HTMLElement).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(asked()).toBe(before + 1));
  });

  it('lists the last 5 days of device and legacy alerts from the history', async () => {
    const calls = mockAlerts(300, {
      'GET /alerts/history': {
        body: alertsPage([makeAlert({ alert_type: 'other', label: 'Offline Yesterday', closed_by: 'auto' })]),
      },
    });
    renderWithProviders(<AlertsPage />);
    const legacy = await screen.findByRole('table', { name: 'Recent legacy alerts' });
    expect(await within(legacy).findByText('Offline Yesterday')).toBeInTheDocument();
    const history = calls.find((call) => call.path === '/alerts/history')!;
    const start = Date.parse(history.search.get('start_time') ?? '');
    expect(Math.round((Date.now() - start) / 86_400_000)).toBe(5);
  });
});
