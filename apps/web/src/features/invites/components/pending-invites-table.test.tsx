import type { Invite } from '@ec/contract/invites';
import type { Org } from '@ec/contract/orgs';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrganizationSelection } from '../../../app/routes/organization-selection';
import { SettingsMenu } from '../../../app/shell/settings-menu';
import { sessionStore } from '../../../lib/session/session-store';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { usePendingInviteCount } from '../api/get-my-invites';

const expiresAt = new Date(Date.now() + 3600_000).toISOString();
const ACME = '00000000-0000-4000-8000-0000000000a1';
const GLOBEX = '00000000-0000-4000-8000-0000000000a2';
const OWN = '00000000-0000-4000-8000-0000000000a3';

const invite = (overrides: Partial<Invite> = {}): Invite => ({
  invite_guid: '30000000-0000-4000-8000-000000000001',
  target_email: 'me@example.com',
  access: 200,
  org_guid: ACME,
  org_name: 'Acme',
  created_at: '2026-01-02T10:00:00.000Z',
  ...overrides,
});
const globexInvite = invite({
  invite_guid: '30000000-0000-4000-8000-000000000002',
  org_guid: GLOBEX,
  org_name: 'Globex',
});

const NOT_FOUND = { status: 404, body: { message: 'Invite not found', error_code: 'INVITE_NOT_FOUND' } };

/**
 * The user's invites and organizations: accepting joins, declining forgets. `cancelled`: the inviter
 * cancelled every invite meanwhile, so accepting and declining fail and the list comes back empty.
 */
function mockSelection(options: {
  invites: Invite[];
  orgs: Org[];
  acceptFails?: boolean;
  cancelled?: boolean;
}) {
  let invites = [...options.invites];
  let orgs = [...options.orgs];
  const cancel = () => {
    invites = [];
    return NOT_FOUND;
  };
  const calls = mockApi({
    'GET /invites': () => ({ body: { invites, pagination_token: null } }),
    'GET /orgs': () => ({ body: { orgs, pagination_token: null } }),
    'POST /invites/accept': (call: MockCall) => {
      if (options.cancelled) return cancel();
      if (options.acceptFails) return NOT_FOUND;
      const guid = (call.body as { invite_guid: string }).invite_guid;
      const accepted = invites.find((row) => row.invite_guid === guid)!;
      invites = invites.filter((row) => row !== accepted);
      orgs = [
        ...orgs,
        { org_guid: accepted.org_guid!, org_name: accepted.org_name!, access: accepted.access },
      ];
      return { body: { org_guid: accepted.org_guid } };
    },
    'POST /invites/decline': (call: MockCall) => {
      if (options.cancelled) return cancel();
      invites = invites.filter(
        (row) => row.invite_guid !== (call.body as { invite_guid: string }).invite_guid,
      );
      return { body: { ok: true } };
    },
  });
  return calls;
}

const renderSelection = () =>
  renderWithProviders(null, {
    url: '/auth/organizations',
    routes: [
      { path: '/auth/organizations', element: <OrganizationSelection /> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
    ],
  });

beforeEach(() => {
  localStorage.clear();
  sessionStore.clear();
  sessionStore.setToken({ access_token: 'tok', expires_at: expiresAt, refresh_token: 'ref' });
});
afterEach(() => vi.restoreAllMocks());

describe('Pending Invitations on the organization selection', () => {
  it('lists the invites with Decline and Accept, and no Awaiting Invitation', async () => {
    mockSelection({ invites: [invite(), globexInvite], orgs: [] });
    renderSelection();
    expect(await screen.findByRole('heading', { name: 'Pending Invitations' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Pending Invitations' });
    const row = within(table).getByText('Acme').closest('tr') as HTMLElement;
    expect(within(row).getByText('User')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /Decline/ })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /Accept/ })).toBeInTheDocument();
    expect(within(table).getByText('Globex')).toBeInTheDocument();
    expect(screen.queryByText('Awaiting Invitation')).not.toBeInTheDocument();
  });

  it('accepting selects the organization, refreshes invites and organizations, and goes to the dashboard', async () => {
    const calls = mockSelection({
      invites: [invite(), globexInvite],
      orgs: [{ org_guid: OWN, org_name: 'Own', access: 300 }],
    });
    const { user, router } = renderSelection();
    await user.click(await screen.findByRole('button', { name: 'Accept Acme' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(sessionStore.getState().orgGuid).toBe(ACME);
    expect(calls.find((call) => call.path === '/invites/accept')?.body).toEqual({
      invite_guid: invite().invite_guid,
    });
    const accepted = calls.findIndex((call) => call.path === '/invites/accept');
    expect(calls.slice(accepted).filter((call) => call.path === '/orgs')).toHaveLength(1);
    await waitFor(() =>
      expect(
        calls.slice(accepted).filter((call) => call.path === '/invites' && call.method === 'GET'),
      ).toHaveLength(1),
    );
  });

  it('accepting a device invite opens the device', async () => {
    const deviceGuid = '40000000-0000-4000-8000-000000000001';
    const deviceInvite = invite({
      org_guid: undefined,
      org_name: undefined,
      device_guid: deviceGuid,
      device_name: 'Stage Left',
    });
    mockApi({
      'GET /invites': () => ({ body: { invites: [deviceInvite], pagination_token: null } }),
      'GET /orgs': () => ({
        body: { orgs: [{ org_guid: OWN, org_name: 'Own', access: 300 }], pagination_token: null },
      }),
      'POST /invites/accept': () => ({ body: { device_guid: deviceGuid } }),
    });
    const { user, router } = renderWithProviders(null, {
      url: '/auth/organizations',
      routes: [
        { path: '/auth/organizations', element: <OrganizationSelection /> },
        { path: '/devices/:deviceGuid', element: <h1>Device page</h1> },
      ],
    });
    const row = within(await screen.findByRole('table', { name: 'Pending Invitations' }))
      .getByText('Stage Left')
      .closest('tr') as HTMLElement;
    expect(within(row).getByText('Device')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Accept Stage Left' }));
    expect(await screen.findByRole('heading', { name: 'Device page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/devices/${deviceGuid}`);
  });

  it('declining refreshes the invites; with no organization left the user is awaiting invitation', async () => {
    const calls = mockSelection({ invites: [invite()], orgs: [] });
    const { user } = renderSelection();
    await user.click(await screen.findByRole('button', { name: 'Decline Acme' }));
    expect(await screen.findByText('Awaiting Invitation')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pending Invitations' })).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === '/invites/decline')?.body).toEqual({
      invite_guid: invite().invite_guid,
    });
    expect(sessionStore.getState().orgGuid).toBeNull();
  });

  it('shows the parsed error text when accepting fails', async () => {
    mockSelection({ invites: [invite()], orgs: [], acceptFails: true });
    const { user, router } = renderSelection();
    await user.click(await screen.findByRole('button', { name: 'Accept Acme' }));
    expect(await screen.findByText('Invite not found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/organizations');
  });

  it.each(['Accept', 'Decline'])(
    'keeps the parsed error text in view when %s fails and no invite is left (cancelled meanwhile)',
    async (action) => {
      const calls = mockSelection({ invites: [invite()], orgs: [], cancelled: true });
      const { user, router } = renderSelection();
      await user.click(await screen.findByRole('button', { name: `${action} Acme` }));
      // The invites are fetched again after the failure, and come back empty.
      await waitFor(() => expect(calls.filter((call) => call.path === '/invites')).toHaveLength(2));
      expect(await screen.findByText('Awaiting Invitation')).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('Invite not found');
      expect(screen.queryByRole('button', { name: `${action} Acme` })).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/auth/organizations');
    },
  );

  it('shows Awaiting Invitation only without organizations and without invites', async () => {
    mockSelection({ invites: [], orgs: [] });
    renderSelection();
    expect(await screen.findByText('Awaiting Invitation')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pending Invitations' })).not.toBeInTheDocument();
  });
});

function Count() {
  return <span>count {usePendingInviteCount()}</span>;
}

describe('usePendingInviteCount', () => {
  it('counts the pending invites and reuses them for 60 s', async () => {
    const calls = mockSelection({ invites: [invite(), globexInvite], orgs: [] });
    const { queryClient } = renderWithProviders(<Count />);
    expect(await screen.findByText('count 2')).toBeInTheDocument();
    renderWithProviders(<Count />, { queryClient });
    expect(await screen.findAllByText('count 2')).toHaveLength(2);
    expect(calls.filter((call) => call.path === '/invites')).toHaveLength(1);
  });
});

describe('the Switch Organization badge', () => {
  it('shows how many invites are pending', async () => {
    mockSelection({ invites: [invite(), globexInvite], orgs: [] });
    const { user } = renderWithProviders(<SettingsMenu />);
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const item = await screen.findByRole('menuitem', { name: /Switch Organization/ });
    await waitFor(() => expect(within(item).getByText('2')).toBeInTheDocument());
  });
});
