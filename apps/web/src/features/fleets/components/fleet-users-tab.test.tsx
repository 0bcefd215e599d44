import type { FleetUser } from '@ec/contract/fleets';
import { INVITE_ERRORS } from '@ec/contract/invites';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInToTestOrg } from '../../../testing/alert-fixtures';
import { makeFleet } from '../../../testing/data-generators';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { FleetUsersTab } from './fleet-users-tab';

const fleet = makeFleet();
const F = fleet.fleet_guid;
const own: FleetUser = {
  user_guid: '00000000-0000-4000-8000-0000000000b1',
  access: 100,
  org_guid: null,
  managed_by: null,
  name: 'Bob Guest',
  email: 'bob@example.com',
};
const member: FleetUser = {
  user_guid: '00000000-0000-4000-8000-0000000000b2',
  access: 300,
  org_guid: fleet.org_guid,
  managed_by: 'org',
  name: 'Ann Admin',
  email: 'ann@example.com',
};
const pending = {
  invite_guid: '00000000-0000-4000-8000-0000000000c1',
  target_email: 'cat@example.com',
  access: 200,
  fleet_guid: F,
  created_at: '2026-11-20T10:00:00.000Z',
};

function render(extra: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    [`GET /fleets/${F}/users`]: { body: { users: [member, own], pagination_token: null } },
    'GET /invites': { body: { invites: [pending], pagination_token: null } },
    ...extra,
  });
  renderWithProviders(<FleetUsersTab fleet={fleet} />);
  return { calls, user: userEvent.setup() };
}

beforeEach(() => signInToTestOrg());

describe('FleetUsersTab (spec 2 §2.6, §5, §6)', () => {
  it('lists users with their levels; Managed by Org rows offer nothing; removes an own user', async () => {
    const { user, calls } = render({ [`DELETE /fleets/${F}/users`]: { body: { ok: true } } });
    const table = await screen.findByRole('table', { name: 'Fleet Users' });
    const annRow = (await within(table).findByText('Ann Admin')).closest('tr') as HTMLElement;
    expect(within(annRow).getByText('Managed by Org')).toBeInTheDocument();
    expect(within(annRow).queryByRole('button')).toBeNull();
    expect(within(table).getByText('Read Only')).toBeInTheDocument();
    expect(calls.find((c) => c.path === `/fleets/${F}/users`)?.search.get('pagination_size')).toBe('200');
    expect(calls.find((c) => c.path === '/invites')?.search.get('fleet_guid')).toBe(F);

    await user.click(within(table).getByRole('button', { name: 'Remove Bob Guest' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove User' })).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ users: [own.user_guid] }),
    );
  });

  it('edits the permissions of own users only', async () => {
    const { user, calls } = render({ [`PUT /fleets/${F}/users`]: { body: { ok: true } } });
    await user.click(await screen.findByRole('button', { name: 'Edit Permissions' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Permissions' });
    expect(within(dialog).queryByLabelText('Access for Ann Admin')).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Access for Bob Guest'), '300');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        users: [{ user_guid: own.user_guid, access: 300 }],
      }),
    );
  });

  it('invites with a required, valid, lower-cased e-mail at Read Only by default, and says when the address is in the fleet', async () => {
    let answer: { status: number; body: object } = {
      status: 400,
      body: { message: INVITE_ERRORS.alreadyFleetUser, error_code: 'ALREADY_MEMBER' },
    };
    const { user, calls } = render({ 'POST /invites': () => answer });
    await user.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite User' });
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText('E-mail is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/E-mail/), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText('Must be valid e-mail')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(within(dialog).getByLabelText(/E-mail/));
    await user.type(within(dialog).getByLabelText(/E-mail/), 'Bob@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText(INVITE_ERRORS.alreadyFleetUser)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      fleet_guid: F,
      target_email: 'bob@example.com',
      access: 100,
    });

    answer = { status: 201, body: { invite_guid: '00000000-0000-4000-8000-0000000000c9' } };
    await user.clear(within(dialog).getByLabelText(/E-mail/));
    await user.type(within(dialog).getByLabelText(/E-mail/), 'dan@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows and cancels pending invites', async () => {
    const { user, calls } = render({ [`DELETE /invites/${pending.invite_guid}`]: { body: { ok: true } } });
    const table = await screen.findByRole('table', { name: 'Pending Invites' });
    expect(await within(table).findByText('cat@example.com')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: /Cancel/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ fleet_guid: F }));
  });
});
