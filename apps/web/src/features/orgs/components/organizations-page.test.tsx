import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeOrg } from '../../../testing/data-generators';
import { changes, renderOrgsRoute } from '../testing/org-fixtures';
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
describe('OrganizationsPage', { timeout: 20_000 }, () => {
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
