import type { Invite } from '@ec/contract/invites';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { OrgInvitesBox } from './org-invites-box';

const ORG = '00000000-0000-4000-8000-0000000000aa';
const expiresAt = new Date(Date.now() + 3600_000).toISOString();

const invite = (overrides: Partial<Invite> = {}): Invite => ({
  invite_guid: '30000000-0000-4000-8000-000000000001',
  target_email: 'pending@example.com',
  access: 200,
  org_guid: ORG,
  org_name: 'Acme',
  created_at: '2026-01-02T10:00:00.000Z',
  ...overrides,
});

/** A small in-memory /invites for one organization. */
function mockInvites(initial: Invite[], createAnswer?: { status: number; body: unknown }) {
  let invites = [...initial];
  const calls = mockApi({
    'GET /invites': () => ({ body: { invites, pagination_token: null } }),
    'POST /invites': (call: MockCall) => {
      if (createAnswer) return createAnswer;
      const body = call.body as { target_email: string; access: Invite['access'] };
      const created = invite({
        invite_guid: '30000000-0000-4000-8000-000000000009',
        target_email: body.target_email,
        access: body.access,
      });
      invites = [created, ...invites];
      return { status: 201, body: { invite_guid: created.invite_guid } };
    },
    ...Object.fromEntries(
      initial.map((row) => [
        `DELETE /invites/${row.invite_guid}`,
        () => {
          invites = invites.filter((other) => other.invite_guid !== row.invite_guid);
          return { body: { ok: true } };
        },
      ]),
    ),
  });
  return calls;
}

beforeEach(() => {
  sessionStore.setToken({ access_token: 'tok', expires_at: expiresAt, refresh_token: 'ref' });
});
afterEach(() => vi.restoreAllMocks());

describe('OrgInvitesBox', () => {
  it("lists the organization's pending invites", async () => {
    const calls = mockInvites([
      invite(),
      invite({
        invite_guid: '30000000-0000-4000-8000-000000000002',
        target_email: 'b@example.com',
        access: 300,
      }),
    ]);
    renderWithProviders(<OrgInvitesBox orgGuid={ORG} canEdit />);
    expect(screen.getByRole('heading', { name: 'Invites' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Invites' });
    const row = (await within(table).findByText('pending@example.com')).closest('tr') as HTMLElement;
    expect(within(row).getByText('User')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /Cancel Invite/ })).toBeInTheDocument();
    const other = within(table).getByText('b@example.com').closest('tr') as HTMLElement;
    expect(within(other).getByText('Admin')).toBeInTheDocument();
    const list = calls.find((call) => call.method === 'GET');
    expect(list?.search.get('org_guid')).toBe(ORG);
    expect(list?.search.get('pagination_size')).toBe('200');
  });

  it('hides Invite User and Cancel Invite from those who cannot edit', async () => {
    mockInvites([invite()]);
    renderWithProviders(<OrgInvitesBox orgGuid={ORG} canEdit={false} />);
    expect(await screen.findByText('pending@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel Invite/ })).not.toBeInTheDocument();
  });

  it('invites a user: e-mail required and valid, lower-cased, Read Only by default', async () => {
    const calls = mockInvites([]);
    const { user } = renderWithProviders(<OrgInvitesBox orgGuid={ORG} canEdit />);
    expect(await screen.findByText('No pending invites')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    const access = within(dialog).getByLabelText('Access');
    expect(access).toHaveValue('100');
    expect(
      within(access)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Read Only', 'User', 'Admin']);

    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText('E-mail is required')).toBeInTheDocument();
    const email = within(dialog).getByRole('textbox', { name: /E-mail/ });
    await user.type(email, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText('Must be valid e-mail')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(email);
    await user.type(email, 'New.User@Example.COM');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      org_guid: ORG,
      target_email: 'new.user@example.com',
      access: 100,
    });
    expect(await screen.findByText('new.user@example.com')).toBeInTheDocument();
  });

  it('sends the chosen access level and shows why the server refused', async () => {
    const calls = mockInvites([], {
      status: 400,
      body: {
        message: 'A user with this email already exists in the organization.',
        error_code: 'ALREADY_MEMBER',
      },
    });
    const { user } = renderWithProviders(<OrgInvitesBox orgGuid={ORG} canEdit />);
    await user.click(screen.getByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'member@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Access'), 'Admin');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(
      await within(dialog).findByText('A user with this email already exists in the organization.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ access: 300 });
  });

  it('cancels an invite, naming the organization', async () => {
    const calls = mockInvites([invite()]);
    const { user } = renderWithProviders(<OrgInvitesBox orgGuid={ORG} canEdit />);
    await user.click(await screen.findByRole('button', { name: /Cancel Invite/ }));
    expect(await screen.findByText('No pending invites')).toBeInTheDocument();
    const cancel = calls.find((call) => call.method === 'DELETE');
    expect(cancel?.path).toBe(`/invites/${invite().invite_guid}`);
    expect(cancel?.body).toEqual({ org_guid: ORG });
  });
});
