import { GROUP_DESCRIPTIONS, GROUPS } from '@ec/contract/access';
import type { AdminUser } from '@ec/contract/users';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../lib/session/session-store';
import { makeOrg, makeSessionUser } from '../../testing/data-generators';
import { type MockCall, mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { UserPage } from './user-page';

/** The first render of MUI in jsdom can take seconds on a busy machine. */
const slow = { timeout: 5000 };
const expiresAt = new Date(Date.now() + 3600_000).toISOString();
const GUID = '10000000-0000-4000-8000-000000000042';

const target = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  user_guid: GUID,
  name: 'Grace Hopper',
  email: 'grace@example.com',
  email_verified: true,
  phone_number: null,
  phone_number_verified: false,
  locale: 'en-US',
  zoneinfo: 'America/Chicago',
  picture: null,
  status: 'CONFIRMED',
  ...overrides,
});

function mockUserApi(options: {
  me: ReturnType<typeof makeSessionUser>;
  user: AdminUser;
  /** GET /orgs, the user's organizations (user_guid) and the viewer's own. */
  orgs?: (call: MockCall) => { body: unknown };
}) {
  let user = options.user;
  let groups: string[] = ['DeviceManagement'];
  const calls = mockApi({
    'GET /auth/session': { body: { user: options.me, expires_at: expiresAt } },
    [`GET /users/${user.user_guid}`]: () => ({ body: { user } }),
    [`PATCH /users/${user.user_guid}`]: (call: MockCall) => {
      const body = call.body as { name: string; email: string; phone_number: string };
      user = { ...user, ...body, phone_number: body.phone_number || null };
      return { body: { user } };
    },
    'GET /users/groups': {
      body: { groups: GROUPS.map((name) => ({ name, description: GROUP_DESCRIPTIONS[name] })) },
    },
    [`GET /users/${user.user_guid}/groups`]: () => ({ body: { groups } }),
    [`PUT /users/${user.user_guid}/groups`]: (call: MockCall) => {
      groups = (call.body as { groups: string[] }).groups;
      return { body: { groups } };
    },
    'GET /pats': { body: { personal_access_tokens: [] } },
    'GET /orgs': options.orgs ?? {
      body: {
        orgs: [
          makeOrg({ org_name: 'Acme Broadcast', access: 300 }),
          makeOrg({ org_name: 'Side Project', access: 100 }),
        ],
        pagination_token: null,
      },
    },
  });
  return calls;
}

const renderPage = () =>
  renderWithProviders(<UserPage />, { url: `/admin/users/${GUID}`, path: '/admin/users/:userGuid' });

beforeEach(() => {
  sessionStore.setToken({ access_token: 'tok', expires_at: expiresAt, refresh_token: 'ref' });
});
afterEach(() => vi.unstubAllGlobals());

describe('UserPage', () => {
  it('lets a user admin edit name and phone, and shows tokens and organizations', async () => {
    const calls = mockUserApi({ me: makeSessionUser({ groups: ['UserManagement'] }), user: target() });
    const { user } = renderPage();
    const details = await screen.findByRole('region', { name: 'Details' }, slow);
    const name = within(details).getByRole('textbox', { name: /Name/ });
    await waitFor(() => expect(name).toHaveValue('Grace Hopper'));

    await user.clear(name);
    await user.type(name, 'Grace B. Hopper');
    await user.type(within(details).getByRole('textbox', { name: 'Phone' }), '+1 555-123-4567');
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    expect(await within(details).findByText('User saved.')).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({
      name: 'Grace B. Hopper',
      email: 'grace@example.com',
      phone_number: '+15551234567',
    });

    const orgs = screen.getByRole('region', { name: 'Organizations' });
    expect(await within(orgs).findByText('Acme Broadcast')).toBeInTheDocument();
    expect(within(orgs).getByText('Admin')).toBeInTheDocument();
    expect(within(orgs).getByText('Read Only')).toBeInTheDocument();
    const orgCalls = calls.filter((call) => call.path === '/orgs');
    expect(orgCalls.map((call) => call.search.get('user_guid'))).toContain(GUID);

    expect(screen.getByRole('region', { name: 'Access Tokens' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/pats')?.search.get('user_guid')).toBe(GUID);
  });

  it('validates before sending anything', async () => {
    const calls = mockUserApi({ me: makeSessionUser({ groups: ['UserManagement'] }), user: target() });
    const { user } = renderPage();
    const details = await screen.findByRole('region', { name: 'Details' }, slow);
    const name = within(details).getByRole('textbox', { name: /Name/ });
    await waitFor(() => expect(name).toHaveValue('Grace Hopper'));
    await user.clear(name);
    const email = within(details).getByRole('textbox', { name: /E-mail/ });
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    expect(await within(details).findByText('Name is required.')).toBeInTheDocument();
    expect(within(details).getByText('Must be valid e-mail')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('grants a group with a checkbox per group and Save', async () => {
    const calls = mockUserApi({ me: makeSessionUser({ groups: ['UserManagement'] }), user: target() });
    const { user } = renderPage();
    const section = await screen.findByRole('region', { name: 'Admin Groups' }, slow);
    const device = await within(section).findByRole('checkbox', { name: /DeviceManagement/ });
    await waitFor(() => expect(device).toBeChecked());
    expect(within(section).getAllByRole('checkbox')).toHaveLength(GROUPS.length);
    await user.click(within(section).getByRole('checkbox', { name: /^UserManagement/ }));
    await user.click(within(section).getByRole('button', { name: 'Save Groups' }));
    expect(await within(section).findByText('Groups saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      groups: ['DeviceManagement', 'UserManagement'],
    });
  });

  it("keeps an SSO user's e-mail fixed", async () => {
    mockUserApi({
      me: makeSessionUser({ groups: ['UserManagement'] }),
      user: target({ status: 'EXTERNAL_PROVIDER' }),
    });
    renderPage();
    const details = await screen.findByRole('region', { name: 'Details' }, slow);
    await waitFor(() => expect(within(details).getByRole('textbox', { name: /E-mail/ })).toBeDisabled());
    expect(within(details).getByText(/single sign-on/)).toBeInTheDocument();
  });

  it('shows no Admin Groups nor Delete to a user editing themselves without UserManagement', async () => {
    const me = makeSessionUser({ user_guid: GUID, groups: [] });
    const calls = mockUserApi({ me, user: target() });
    renderPage();
    await screen.findByRole('region', { name: 'Details' }, slow);
    await screen.findByRole('region', { name: 'Organizations' });
    expect(screen.queryByRole('region', { name: 'Admin Groups' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete User' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/groups'))).toBe(false);
  });

  it('disables Delete User for oneself, even for a user admin', async () => {
    const me = makeSessionUser({ user_guid: GUID, groups: ['UserManagement'] });
    mockUserApi({ me, user: target() });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Delete User' }, slow)).toBeDisabled();
  });

  it("links the user's organizations the viewer may open", async () => {
    const [shared, foreign] = [
      makeOrg({ org_name: 'Shared Studio' }),
      makeOrg({ org_name: 'Foreign Films' }),
    ];
    // The user belongs to both; the viewer only to Shared Studio.
    const answer = (call: MockCall) => ({
      body: { orgs: call.search.get('user_guid') ? [foreign, shared] : [shared], pagination_token: null },
    });
    const handlers = (me: ReturnType<typeof makeSessionUser>) =>
      mockUserApi({ me, user: target(), orgs: answer });

    handlers(makeSessionUser({ groups: ['UserManagement'] }));
    const first = renderPage();
    let orgs = await screen.findByRole('region', { name: 'Organizations' }, slow);
    expect(await within(orgs).findByRole('link', { name: 'Shared Studio' })).toHaveAttribute(
      'href',
      `/orgs/${shared.org_guid}`,
    );
    expect(within(orgs).getByText('Foreign Films')).toBeInTheDocument();
    expect(within(orgs).queryByRole('link', { name: 'Foreign Films' })).not.toBeInTheDocument();
    first.unmount();

    // OrganizationManagement opens every organization.
    handlers(makeSessionUser({ groups: ['UserManagement', 'OrganizationManagement'] }));
    renderPage();
    orgs = await screen.findByRole('region', { name: 'Organizations' }, slow);
    expect(await within(orgs).findByRole('link', { name: 'Foreign Films' })).toHaveAttribute(
      'href',
      `/orgs/${foreign.org_guid}`,
    );
    expect(within(orgs).getByRole('link', { name: 'Shared Studio' })).toBeInTheDocument();
  });

  it("says 'user_guid not supplied' when reached without a user guid, and asks nothing about users", async () => {
    const calls = mockUserApi({ me: makeSessionUser({ groups: ['UserManagement'] }), user: target() });
    renderWithProviders(<UserPage />, { url: '/admin/users/', path: '/admin/users/:userGuid?' });
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent('user_guid not supplied');
    expect(calls.filter((call) => call.path !== '/auth/session')).toEqual([]);
  });
});
