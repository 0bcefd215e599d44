import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { signInToTestOrg, TEST_ORG_GUID } from '../../../testing/alert-fixtures';
import { makeFleet, makeOrg, makeSessionUser } from '../../../testing/data-generators';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { FleetsPage } from './fleets-page';

const me = makeSessionUser();
const north = makeFleet({ fleet_name: 'Venue North' });
const south = makeFleet({ fleet_name: 'Venue South' });
const assigned = makeFleet({ fleet_name: 'Tour Bus', editable: false });
const session = { body: { user: me, expires_at: new Date(Date.now() + 3600_000).toISOString() } };

function render(access: 100 | 300, extra: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    'GET /auth/session': session,
    'GET /orgs': {
      body: {
        orgs: [makeOrg({ org_guid: TEST_ORG_GUID, org_name: 'Acme', access })],
        pagination_token: null,
      },
    },
    'GET /fleets': (call) => {
      if (call.search.get('user_guid')) return { body: { fleets: [assigned], pagination_token: null } };
      const name = call.search.get('fleet_name')?.toLowerCase();
      const fleets = [north, south].filter((f) => !name || f.fleet_name.toLowerCase().includes(name));
      return { body: { fleets, pagination_token: null } };
    },
    ...extra,
  });
  const view = renderWithProviders(null, {
    url: '/fleets',
    routes: [
      { path: paths.fleets.list.path, element: <FleetsPage /> },
      { path: paths.fleets.detail.path, element: <h1>Fleet page</h1> },
    ],
  });
  return { ...view, calls, user: userEvent.setup() };
}

const fleetCalls = (calls: MockCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/fleets');

beforeEach(() => signInToTestOrg());

describe('FleetsPage (spec 2 §2.6)', () => {
  it("lists the organization's fleets by 50, Create Fleet for editors, and my fleets under Assigned To Me", async () => {
    const { user, calls } = render(300);
    const table = await screen.findByRole('table', { name: 'Fleets' });
    expect(await within(table).findByText('Venue North')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Acme Fleets', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Fleet' })).toBeInTheDocument();
    expect(fleetCalls(calls)[0]?.search.get('pagination_size')).toBe('50');

    await user.click(screen.getByRole('tab', { name: 'Assigned To Me' }));
    expect(await screen.findByText('Tour Bus')).toBeInTheDocument();
    expect(fleetCalls(calls).at(-1)?.search.get('user_guid')).toBe(me.user_guid);
    expect(screen.queryByRole('button', { name: 'Create Fleet' })).not.toBeInTheDocument();
  });

  it('offers no Create Fleet to an organization reader', async () => {
    render(100);
    await screen.findByText('Venue North');
    await screen.findByRole('tab', { name: 'Acme Fleets' });
    expect(screen.queryByRole('button', { name: 'Create Fleet' })).not.toBeInTheDocument();
  });

  it('searches by fleet name after a pause in typing', async () => {
    const { user, calls } = render(300);
    await screen.findByText('Venue South');
    await user.type(screen.getByLabelText('Search Fleets'), 'north');
    expect(fleetCalls(calls).filter((c) => c.search.get('fleet_name'))).toHaveLength(0);
    await expect.poll(() => screen.queryByText('Venue South'), { timeout: 4000, interval: 100 }).toBeNull();
    expect(fleetCalls(calls).at(-1)?.search.get('fleet_name')).toBe('north');
  });

  it('creates a fleet only with a name and opens it', async () => {
    const created = makeFleet();
    const { user, calls, router } = render(300, {
      'POST /fleets': { status: 201, body: { fleet_guid: created.fleet_guid } },
    });
    await user.click(await screen.findByRole('button', { name: 'Create Fleet' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Fleet' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Fleet name is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText(/Fleet Name/), 'Arena');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/fleets/${created.fleet_guid}`));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ fleet_name: 'Arena' });
  });

  it('deletes the checked fleets with a reason and shows the last error when one fails', async () => {
    const { user, calls } = render(300, {
      [`DELETE /fleets/${north.fleet_guid}`]: { status: 400, body: { message: 'North is busy' } },
      [`DELETE /fleets/${south.fleet_guid}`]: { body: { ok: true } },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Venue North' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Venue South' }));
    await user.click(screen.getByRole('button', { name: 'Delete Fleet(s) (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Fleets' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Season over');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('North is busy')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => [c.path, c.body])).toEqual([
      [`/fleets/${north.fleet_guid}`, { reason: 'Season over' }],
      [`/fleets/${south.fleet_guid}`, { reason: 'Season over' }],
    ]);
  });

  it('opens a fleet from its row', async () => {
    const { user, router } = render(300);
    await user.click(await screen.findByText('Venue South'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/fleets/${south.fleet_guid}`));
  });
});
