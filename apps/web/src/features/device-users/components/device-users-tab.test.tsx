import type { DeviceUser } from '@ec/contract/device-users';
import { INVITE_ERRORS, type Invite } from '@ec/contract/invites';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInToTestOrg } from '../../../testing/alert-fixtures';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { DeviceUsersTab } from './device-users-tab';

const DEVICE = '00000000-0000-4000-8000-0000000000d1';
const ORG = '00000000-0000-4000-8000-0000000000aa';

const deviceUser = (overrides: Partial<DeviceUser>): DeviceUser => ({
  user_guid: '10000000-0000-4000-8000-000000000001',
  access: 100,
  org_guid: null,
  fleet_guid: null,
  managed_by: null,
  name: 'Ann Guest',
  email: 'ann@example.com',
  ...overrides,
});
const ann = deviceUser({});
const bob = deviceUser({
  user_guid: '10000000-0000-4000-8000-000000000002',
  name: 'Bob Guest',
  email: 'bob@example.com',
  access: 200,
});
const owner = deviceUser({
  user_guid: '10000000-0000-4000-8000-000000000003',
  name: 'Olga Owner',
  email: 'olga@example.com',
  access: 300,
  managed_by: 'org',
  org_guid: ORG,
});
const pending: Invite = {
  invite_guid: '30000000-0000-4000-8000-000000000001',
  target_email: 'pending@example.com',
  access: 200,
  device_guid: DEVICE,
  device_name: 'Studio A',
  created_at: '2026-01-02T10:00:00.000Z',
};

/** A small in-memory device: its users and invites, as the server answers editors. */
function mockDevice(
  options: {
    users?: DeviceUser[];
    invites?: Invite[];
    inviteAnswer?: { status: number; body: unknown };
  } = {},
) {
  let users = options.users ?? [owner, ann, bob];
  let invites = options.invites ?? [pending];
  return mockApi({
    [`GET /devices/${DEVICE}/users`]: () => ({ body: { users, pagination_token: null } }),
    [`PUT /devices/${DEVICE}/users`]: (call: MockCall) => {
      const changes = (call.body as { users: { user_guid: string; access: DeviceUser['access'] }[] }).users;
      users = users.map((user) => {
        const change = changes.find((c) => c.user_guid === user.user_guid && user.managed_by === null);
        return change ? { ...user, access: change.access } : user;
      });
      return { body: { ok: true } };
    },
    [`DELETE /devices/${DEVICE}/users`]: (call: MockCall) => {
      const gone = (call.body as { users: string[] }).users;
      users = users.filter((user) => user.managed_by !== null || !gone.includes(user.user_guid));
      return { body: { ok: true } };
    },
    'GET /invites': () => ({ body: { invites, pagination_token: null } }),
    'POST /invites': (call: MockCall) => {
      if (options.inviteAnswer) return options.inviteAnswer;
      const body = call.body as { target_email: string; access: Invite['access'] };
      invites = [{ ...pending, invite_guid: '30000000-0000-4000-8000-000000000009', ...body }, ...invites];
      return { status: 201, body: { invite_guid: '30000000-0000-4000-8000-000000000009' } };
    },
    [`DELETE /invites/${pending.invite_guid}`]: () => {
      invites = invites.filter((invite) => invite.invite_guid !== pending.invite_guid);
      return { body: { ok: true } };
    },
  });
}

const rowOf = async (table: HTMLElement, text: string) =>
  (await within(table).findByText(text)).closest('tr') as HTMLElement;

beforeEach(() => signInToTestOrg());
afterEach(() => vi.restoreAllMocks());

describe('DeviceUsersTab (spec 2 §2.5, spec 3 §6)', () => {
  it("lists the device's users and pending invites; managed rows say so and offer nothing", async () => {
    const calls = mockDevice();
    renderWithProviders(<DeviceUsersTab deviceGuid={DEVICE} canEdit />);
    const users = screen.getByRole('table', { name: 'Device Users' });
    const managed = await rowOf(users, 'Olga Owner');
    expect(within(managed).getByText('Managed by Org')).toBeInTheDocument();
    expect(within(managed).getByText('Admin')).toBeInTheDocument();
    expect(within(managed).queryByRole('button')).not.toBeInTheDocument();
    const own = await rowOf(users, 'Ann Guest');
    expect(within(own).getByRole('button', { name: 'Remove Ann Guest' })).toBeInTheDocument();
    expect(within(own).queryByText('Managed by Org')).not.toBeInTheDocument();

    const invites = screen.getByRole('table', { name: 'Pending Invites' });
    const invite = await rowOf(invites, 'pending@example.com');
    expect(within(invite).getByText('User')).toBeInTheDocument();
    expect(
      within(invite).getByRole('button', { name: 'Cancel Invite for pending@example.com' }),
    ).toBeInTheDocument();

    const list = calls.find((call) => call.path === `/devices/${DEVICE}/users`);
    expect(list?.search.get('pagination_size')).toBe('200');
    const inviteList = calls.find((call) => call.path === '/invites');
    expect(inviteList?.search.get('device_guid')).toBe(DEVICE);
  });

  it('offers no controls without the edit right', async () => {
    mockDevice();
    renderWithProviders(<DeviceUsersTab deviceGuid={DEVICE} canEdit={false} />);
    expect(await screen.findByText('Ann Guest')).toBeInTheDocument();
    expect(await screen.findByText('pending@example.com')).toBeInTheDocument();
    expect(screen.getByText('Managed by Org')).toBeInTheDocument();
    for (const name of ['Invite User', 'Edit Device Permissions', /Remove/, /Cancel Invite/]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('changes several users at once, never a managed row', async () => {
    const calls = mockDevice();
    const { user } = renderWithProviders(<DeviceUsersTab deviceGuid={DEVICE} canEdit />);
    await screen.findByText('Ann Guest');
    await user.click(screen.getByRole('button', { name: 'Edit Device Permissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Device Permissions' });
    expect(within(dialog).queryByText('Olga Owner')).not.toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Access for Ann Guest'), 'Admin');
    await user.selectOptions(within(dialog).getByLabelText('Access for Bob Guest'), 'Read Only');
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      users: [
        { user_guid: ann.user_guid, access: 300 },
        { user_guid: bob.user_guid, access: 100 },
      ],
    });
    const users = screen.getByRole('table', { name: 'Device Users' });
    await waitFor(async () =>
      expect(within(await rowOf(users, 'Ann Guest')).getByText('Admin')).toBeInTheDocument(),
    );
    expect(within(await rowOf(users, 'Bob Guest')).getByText('Read Only')).toBeInTheDocument();
  });

  it('removes a user after asking', async () => {
    const calls = mockDevice();
    const { user } = renderWithProviders(<DeviceUsersTab deviceGuid={DEVICE} canEdit />);
    await user.click(await screen.findByRole('button', { name: 'Remove Bob Guest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove User' });
    expect(within(dialog).getByText(/Bob Guest \(bob@example.com\)/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Bob Guest')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'DELETE' && call.path.endsWith('/users'))?.body).toEqual({
      users: [bob.user_guid],
    });
  });

  it('invites by e-mail with an access level, lower-cased, Read Only by default', async () => {
    const calls = mockDevice({ invites: [] });
    const { user } = renderWithProviders(<DeviceUsersTab deviceGuid={DEVICE} canEdit />);
    expect(await screen.findByText('No pending invites')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    expect(within(dialog).getByLabelText('Access')).toHaveValue('100');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText('E-mail is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'New.Person@Example.COM');
    await user.selectOptions(within(dialog).getByLabelText('Access'), 'User');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      device_guid: DEVICE,
      target_email: 'new.person@example.com',
      access: 200,
    });
    expect(await screen.findByText('new.person@example.com')).toBeInTheDocument();
  });

  it('shows the duplicate invite message at the e-mail field', async () => {
    mockDevice({
      inviteAnswer: {
        status: 400,
        body: { message: INVITE_ERRORS.alreadyDeviceUser, error_code: 'ALREADY_MEMBER' },
      },
    });
    const { user } = renderWithProviders(<DeviceUsersTab deviceGuid={DEVICE} canEdit />);
    await user.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    const email = within(dialog).getByRole('textbox', { name: /E-mail/ });
    await user.type(email, 'ann@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText(INVITE_ERRORS.alreadyDeviceUser)).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription(INVITE_ERRORS.alreadyDeviceUser);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('cancels a pending invite, naming the device', async () => {
    const calls = mockDevice();
    const { user } = renderWithProviders(<DeviceUsersTab deviceGuid={DEVICE} canEdit />);
    await user.click(await screen.findByRole('button', { name: 'Cancel Invite for pending@example.com' }));
    expect(await screen.findByText('No pending invites')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE' && call.path.startsWith('/invites'))?.body).toEqual({
      device_guid: DEVICE,
    });
  });

  it('shows a failed list with Retry, and an empty list for a device that answers 404', async () => {
    mockApi({
      [`GET /devices/${DEVICE}/users`]: {
        status: 404,
        body: { message: 'Device not found', error_code: 'DEVICE_NOT_FOUND' },
      },
      'GET /invites': {
        status: 403,
        body: { message: 'Only editors of this device can manage its invites', error_code: 'FORBIDDEN' },
      },
    });
    renderWithProviders(<DeviceUsersTab deviceGuid={DEVICE} canEdit />);
    expect(await screen.findByText('No users')).toBeInTheDocument();
    expect(await screen.findByText('Only editors of this device can manage its invites')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
