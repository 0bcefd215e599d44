import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOrg, makeSessionUser } from '../../../testing/data-generators';
import type { MockCall } from '../../../testing/mock-api';
import { changes, type Handlers, renderOrgsRoute } from '../testing/org-fixtures';
import { OrganizationsPage } from './organizations-page';

const admin = makeOrg({ org_name: 'Alpha Admins', access: 300 });
const reader = makeOrg({ org_name: 'Bravo Readers', access: 100 });

const render = (handlers = {}) =>
  renderOrgsRoute({ path: '/orgs', element: <OrganizationsPage /> }, '/orgs', {
    'GET /orgs': (call) => {
      const name = call.search.get('org_name');
      const orgs = [admin, reader].filter(
        (o) => !name || o.org_name.toLowerCase().includes(name.toLowerCase()),
      );
      return { body: { orgs, pagination_token: null } };
    },
    ...handlers,
  });

// Full MUI pages with a 2 s search pause: slower than the default 5 s on a busy machine.
describe('OrganizationsPage', () => {
  it('lists the organizations with Edit links, Delete for admins and the last used one highlighted', async () => {
    localStorage.setItem('ec.lastOrgGuid', reader.org_guid);
    render();
    const table = await screen.findByRole('table', { name: 'Organizations' });
    await within(table).findByText('Alpha Admins');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Alpha Admins',
      'Bravo ReadersLast used',
    ]);
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(within(table).getByRole('link', { name: 'Edit Alpha Admins' })).toHaveAttribute(
      'href',
      `/orgs/${admin.org_guid}`,
    );
    expect(within(table).getByRole('button', { name: 'Delete Alpha Admins' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Delete Bravo Readers' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Org' })).toBeInTheDocument();
  });

  it('searches on the server after a pause in typing', async () => {
    const { user, calls } = render();
    await screen.findByText('Bravo Readers');
    await user.type(screen.getByLabelText('Search Organizations'), 'alp');
    expect(calls.filter((c) => c.search.get('org_name'))).toHaveLength(0);
    await screen.findByText('Alpha Admins');
    await expect.poll(() => screen.queryByText('Bravo Readers'), { timeout: 4000, interval: 100 }).toBeNull();
    expect(calls.filter((c) => c.path === '/orgs').map((c) => c.search.get('org_name'))).toEqual([
      null,
      'alp',
    ]);
  });

  it('deletes an organization only with a reason', async () => {
    const { user, calls } = render({ [`DELETE /orgs/${admin.org_guid}`]: { body: { ok: true } } });
    await user.click(await screen.findByRole('button', { name: 'Delete Alpha Admins' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Organization' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(changes(calls)).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Reason/), 'Merged into Bravo');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect.poll(() => changes(calls)).toEqual([`DELETE /orgs/${admin.org_guid}`]);
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ reason: 'Merged into Bravo' });
  });
});

afterEach(() => vi.restoreAllMocks());

const other = makeOrg({ org_name: 'Charlie Elsewhere', access: 300 });
const manager = makeSessionUser({ groups: ['OrganizationManagement'] });
const session = (user: ReturnType<typeof makeSessionUser>) => ({
  body: { user, expires_at: new Date(Date.now() + 3600_000).toISOString() },
});
const listCalls = (calls: MockCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/orgs').map((c) => c.search.toString());

/** /orgs at `url` for a caller with `groups`; every organization answers with scope=all, paged by two. */
function renderFor(url: string, user = manager, handlers: Handlers = {}) {
  return renderOrgsRoute({ path: '/orgs', element: <OrganizationsPage /> }, url, {
    'GET /auth/session': session(user),
    'GET /orgs': (call) => {
      if (call.search.get('scope') !== 'all') return { body: { orgs: [admin], pagination_token: null } };
      const name = call.search.get('org_name')?.toLowerCase();
      const all = [admin, reader, other].filter((o) => !name || o.org_name.toLowerCase().includes(name));
      const start = call.search.get('pagination_token') === 'next' ? 2 : 0;
      const orgs = all.slice(start, start + 2).map((o) => ({ ...o, access: 300 }));
      return { body: { orgs, pagination_token: start === 0 && all.length > 2 ? 'next' : null } };
    },
    ...handlers,
  });
}

describe('OrganizationsPage for platform staff', () => {
  it('lists every organization for OrganizationManagement, paged by token, without the access column', async () => {
    const { user, calls } = renderFor('/orgs?scope=all');
    const table = await screen.findByRole('table', { name: 'Organizations' });
    await within(table).findByText('Alpha Admins');
    expect(screen.getByRole('tab', { name: 'All Organizations' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'My Organizations' })).toHaveAttribute('href', '/orgs');
    expect(within(table).queryByRole('columnheader', { name: 'Access' })).not.toBeInTheDocument();
    // Managed as their admin: Delete on every row, the reader's organization too.
    expect(within(table).getByRole('button', { name: 'Delete Bravo Readers' })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Go to next page' }));
    expect(await within(table).findByText('Charlie Elsewhere')).toBeInTheDocument();
    expect(listCalls(calls)).toEqual([
      'scope=all&pagination_size=50',
      'pagination_token=next&scope=all&pagination_size=50',
    ]);
  });

  it('searches every organization after a pause in typing', async () => {
    const { user, calls } = renderFor('/orgs?scope=all');
    await screen.findByText('Bravo Readers');
    await user.type(screen.getByLabelText('Search Organizations'), 'charlie');
    expect(await screen.findByText('Charlie Elsewhere', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByText('Bravo Readers')).not.toBeInTheDocument();
    expect(listCalls(calls).at(-1)).toBe('org_name=charlie&scope=all&pagination_size=50');
  });

  it("shows a manager's own organizations on the My Organizations tab", async () => {
    const { calls } = renderFor('/orgs');
    const table = await screen.findByRole('table', { name: 'Organizations' });
    await within(table).findByText('Alpha Admins');
    expect(screen.getByRole('tab', { name: 'My Organizations' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'All Organizations' })).toHaveAttribute('href', '/orgs?scope=all');
    expect(within(table).getByRole('columnheader', { name: 'Access' })).toBeInTheDocument();
    expect(listCalls(calls)).toEqual(['pagination_size=50']);
  });

  it('keeps everyone else on their own organizations, whatever the address says', async () => {
    const { calls } = renderFor('/orgs?scope=all', makeSessionUser({ groups: ['UserManagement'] }));
    await screen.findByText('Alpha Admins');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(listCalls(calls)).toEqual(['pagination_size=50']);
  });
});

describe('Create Org', () => {
  it("keeps the dialog open with spec 1 §8's message when the answer has no org_guid", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user, calls } = render({ 'POST /orgs': { status: 201, body: {} } });
    await screen.findByText('Alpha Admins');
    await user.click(screen.getByRole('button', { name: 'Create Org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Organization' });
    await user.type(within(dialog).getByLabelText(/Organization Name/), 'Nameless');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('org_guid not returned in response')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create Organization' })).toBeInTheDocument();
    expect(changes(calls)).toEqual(['POST /orgs']);
    // The list is reloaded all the same: the organization may have been made.
    await expect.poll(() => listCalls(calls).length).toBe(2);
  });

  it('closes the dialog once the organization is created', async () => {
    const { user } = render({ 'POST /orgs': { status: 201, body: { org_guid: other.org_guid } } });
    await user.click(await screen.findByRole('button', { name: 'Create Org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Organization' });
    await user.type(within(dialog).getByLabelText(/Organization Name/), 'Named');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Create Organization' })).toBeNull();
  });
});
