import type { OrgUser } from '@ec/contract/orgs';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changes, type Handlers, renderOrgsRoute } from '../../features/orgs/testing/org-fixtures';
import { sessionStore } from '../../lib/session/session-store';
import { makeOrg } from '../../testing/data-generators';
import { OrganizationPage } from './organization-page';

const org = makeOrg({ org_name: 'Newsroom', access: 300 });
const ada: OrgUser = { user_guid: 'u-ada', name: 'Ada', email: 'ada@example.com', access: 300 };
const bob: OrgUser = { user_guid: 'u-bob', name: 'Bob', email: 'bob@example.com', access: 100 };

function render(access: 300 | 200 | 100, handlers: Handlers = {}) {
  return renderOrgsRoute({ path: '/orgs/:orgGuid', element: <OrganizationPage /> }, `/orgs/${org.org_guid}`, {
    [`GET /orgs/${org.org_guid}`]: { body: { org: { ...org, access } } },
    [`GET /orgs/${org.org_guid}/users`]: { body: { users: [ada, bob], pagination_token: null } },
    'GET /orgs': { body: { orgs: [{ ...org, access }], pagination_token: null } },
    'GET /invites': { body: { invites: [], pagination_token: null } },
    ...handlers,
  });
}

// Full MUI pages with several round trips: slower than the default 5 s on a busy machine.
describe('OrganizationPage', () => {
  it('keeps access level changes local until Save, which sends the whole list', async () => {
    const { user, calls } = render(300, {
      [`PUT /orgs/${org.org_guid}/users`]: { body: { ok: true } },
    });
    expect(await screen.findByRole('heading', { name: 'Newsroom' })).toBeInTheDocument();
    const bobAccess = await screen.findByLabelText('Access for Bob');
    await user.selectOptions(bobAccess, '200');
    expect(screen.getByText(/You have unsaved changes/)).toBeInTheDocument();
    expect(changes(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => changes(calls)).toEqual([`PUT /orgs/${org.org_guid}/users`]);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      users: [
        { user_guid: 'u-ada', access: 300 },
        { user_guid: 'u-bob', access: 200 },
      ],
    });
    const invites = await screen.findByRole('region', { name: 'Invites' });
    expect(within(invites).getByRole('button', { name: 'Invite User' })).toBeInTheDocument();
  });

  it('reverts by reloading the members, and will not save without an admin', async () => {
    const { user, calls } = render(300);
    await user.selectOptions(await screen.findByLabelText('Access for Ada'), '100');
    expect(screen.getByText(/An organization needs at least one Admin/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    const loads = () => calls.filter((c) => c.path === `/orgs/${org.org_guid}/users`).length;
    expect(loads()).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Revert' }));
    await expect.poll(loads).toBe(2);
    expect(screen.getByLabelText('Access for Ada')).toHaveValue('300');
    expect(screen.queryByText(/You have unsaved changes/)).not.toBeInTheDocument();
    expect(changes(calls)).toEqual([]);
  });

  it('removes a user after confirmation', async () => {
    const { user, calls } = render(300, {
      [`DELETE /orgs/${org.org_guid}/users`]: { body: { ok: true } },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove User' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expect.poll(() => changes(calls)).toEqual([`DELETE /orgs/${org.org_guid}/users`]);
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ users: ['u-bob'] });
  });

  it('renames, and switches to the organization', async () => {
    const { user, calls, router } = render(300, {
      [`PATCH /orgs/${org.org_guid}`]: { body: { org: { ...org, org_name: 'Studio' } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Organization' });
    const name = within(dialog).getByLabelText(/Organization Name/);
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('Organization name is required')).toBeInTheDocument();
    await user.type(name, 'Studio');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await expect.poll(() => changes(calls)).toEqual([`PATCH /orgs/${org.org_guid}`]);
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ org_name: 'Studio' });

    await user.click(await screen.findByRole('button', { name: 'Switch to this Org' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(sessionStore.getState().orgGuid).toBe(org.org_guid);
  });

  it('deletes with a reason and returns to the list', async () => {
    const { user, calls } = render(300, { [`DELETE /orgs/${org.org_guid}`]: { body: { ok: true } } });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Organization' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Closed down');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Organizations list' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ reason: 'Closed down' });
  });

  it('is read-only below Admin: levels as labels, no Rename, Delete, Switch or Remove', async () => {
    render(200);
    expect(await screen.findByText('bob@example.com')).toBeInTheDocument();
    expect(screen.queryByLabelText('Access for Bob')).not.toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Users' })).getByText('Read Only')).toBeInTheDocument();
    for (const name of ['Rename', 'Delete', 'Switch to this Org', 'Remove Bob'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    const invites = await screen.findByRole('region', { name: 'Invites' });
    expect(within(invites).queryByRole('button', { name: 'Invite User' })).not.toBeInTheDocument();
  });

  it('shows the error of an unknown organization', async () => {
    renderOrgsRoute({ path: '/orgs/:orgGuid', element: <OrganizationPage /> }, '/orgs/unknown', {
      'GET /orgs/unknown': { status: 404, body: { message: 'Organization not found', error_code: 'X' } },
      'GET /orgs': { body: { orgs: [], pagination_token: null } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Organization not found');
  });

  it("says 'org_guid not supplied' when reached without an organization guid, and asks nothing", async () => {
    const { calls } = renderOrgsRoute(
      { path: '/orgs/:orgGuid?', element: <OrganizationPage /> },
      '/orgs/',
      {},
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('org_guid not supplied');
    expect(screen.getByRole('link', { name: 'Organizations' })).toHaveAttribute('href', '/orgs');
    expect(calls).toEqual([]);
  });
});
