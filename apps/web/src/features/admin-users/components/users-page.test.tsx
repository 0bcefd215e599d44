import type { AdminUser, ListUsersResponse } from '@ec/contract/users';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store';
import { makeSessionUser } from '../../../testing/data-generators';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { UsersPage } from './users-page';

/** The first render of MUI in jsdom can take seconds on a busy machine. */
const slow = { timeout: 5000 };
const expiresAt = new Date(Date.now() + 3600_000).toISOString();
const admin = makeSessionUser({ name: 'Ann Admin', groups: ['UserManagement'] });

const adminUser = (n: number, overrides: Partial<AdminUser> = {}): AdminUser => ({
  user_guid: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Person ${n}`,
  email: `person${n}@example.com`,
  email_verified: true,
  phone_number: null,
  phone_number_verified: false,
  locale: 'en-US',
  zoneinfo: 'America/New_York',
  picture: null,
  status: 'CONFIRMED',
  ...overrides,
});

const me = adminUser(0, { user_guid: admin.user_guid, name: admin.name, email: admin.email });

function mockUsers(answer: (call: MockCall) => ListUsersResponse, extra = {}) {
  return mockApi({
    'GET /auth/session': { body: { user: admin, expires_at: expiresAt } },
    'GET /users': (call) => ({ body: answer(call) }),
    ...extra,
  });
}

beforeEach(() => {
  sessionStore.setToken({ access_token: 'tok', expires_at: expiresAt, refresh_token: 'ref' });
});
afterEach(() => {
  sessionStore.clear();
  vi.unstubAllGlobals();
});

describe('UsersPage', () => {
  it('lists 50 a page with the total found and links each row to its edit page', async () => {
    const calls = mockUsers(() => ({
      users: [me, adminUser(1, { phone_number: '+15551234567' })],
      total_found: 2,
      pagination_token: null,
    }));
    renderWithProviders(<UsersPage />);
    expect(await screen.findByText('2 users found', {}, slow)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Person 1' });
    expect(link).toHaveAttribute('href', '/admin/users/10000000-0000-4000-8000-000000000001');
    expect(screen.getByText('+15551234567')).toBeInTheDocument();
    const list = calls.find((call) => call.path === '/users');
    expect(list?.search.get('pagination_size')).toBe('50');
    expect(list?.search.get('search_attribute')).toBe('name');
    expect(list?.search.get('starts_with')).toBe('true');
    expect(list?.search.get('enabled')).toBe('true');
    // One's own row cannot be deleted here.
    expect(screen.getByRole('button', { name: `Delete User ${admin.name}` })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete User Person 1' })).toBeEnabled();
  });

  it('searches on the chosen attribute 2 s after typing stops, and pages with the token', async () => {
    const calls = mockUsers((call) =>
      call.search.get('pagination_token') === 'page-2'
        ? { users: [adminUser(51)], total_found: 51, pagination_token: null }
        : { users: [adminUser(1)], total_found: 51, pagination_token: 'page-2' },
    );
    const { user } = renderWithProviders(<UsersPage />);
    await screen.findByText('51 users found', {}, slow);

    await user.click(screen.getByRole('combobox', { name: 'Search By' }));
    await user.click(screen.getByRole('option', { name: 'E-mail' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'pers');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(calls.some((call) => call.search.get('search_value') === 'pers')).toBe(false);
    await waitFor(
      () => {
        const searched = calls.find((call) => call.search.get('search_value') === 'pers');
        expect(searched?.search.get('search_attribute')).toBe('email');
      },
      { timeout: 3000 },
    );
    // Only the finished word was searched, not every keystroke.
    expect(
      calls.filter((call) => call.search.has('search_value')).map((c) => c.search.get('search_value')),
    ).toEqual(expect.arrayContaining(['pers']));
    expect(calls.some((call) => call.search.get('search_value') === 'pe')).toBe(false);

    await user.click(await screen.findByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByRole('link', { name: 'Person 51' })).toBeInTheDocument();
    expect(calls.at(-1)?.search.get('pagination_token')).toBe('page-2');
  });

  it('deletes a user only with a reason', async () => {
    const deleted: unknown[] = [];
    const target = adminUser(7);
    const calls = mockUsers(
      () => ({
        users: deleted.length ? [] : [target],
        total_found: deleted.length ? 0 : 1,
        pagination_token: null,
      }),
      {
        [`DELETE /users/${target.user_guid}`]: (call: MockCall) => {
          deleted.push(call.body);
          return { body: { ok: true } };
        },
      },
    );
    const { user } = renderWithProviders(<UsersPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete User Person 7' }, slow));
    const dialog = screen.getByRole('dialog', { name: 'Delete User' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    expect(await within(dialog).findByText('A reason is required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Duplicate account');
    await user.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    await waitFor(() => expect(deleted).toEqual([{ reason: 'Duplicate account' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No users')).toBeInTheDocument();
  });

  it('tells a user without UserManagement that the view needs it, and asks for nothing', async () => {
    const plain = makeSessionUser({ groups: ['DeviceManagement'] });
    const calls = mockApi({ 'GET /auth/session': { body: { user: plain, expires_at: expiresAt } } });
    renderWithProviders(<UsersPage />);
    expect(
      await screen.findByText('This view needs the UserManagement group.', {}, slow),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/users')).toBe(false);
  });
});
