import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { signInToTestOrg } from '../../testing/alert-fixtures';
import { makeFleet } from '../../testing/data-generators';
import { mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { FLEET_LOAD_ERROR, FLEET_TABS, FleetPage, fleetTabsFor } from './fleet-page';

const editable = makeFleet({ fleet_name: 'Venue North', editable: true });
const readOnly = makeFleet({ fleet_name: 'Venue South', editable: false, controllable: false });

const renderAt = (url: string) =>
  renderWithProviders(null, {
    url,
    routes: [
      { path: paths.fleets.detail.path, element: <FleetPage /> },
      { path: paths.fleets.list.path, element: <h1>Fleet list</h1> },
    ],
  });

beforeEach(() => signInToTestOrg());

describe('fleetTabsFor', () => {
  it('opens the first tab without a section, and none for a hidden or unknown one', () => {
    expect(fleetTabsFor(editable, undefined).current?.label).toBe('Overview');
    expect(fleetTabsFor(editable, 'USERS').current?.label).toBe('Users');
    expect(fleetTabsFor(readOnly, 'users').current).toBeUndefined();
    expect(fleetTabsFor(readOnly, 'nothing').current).toBeUndefined();
    expect(fleetTabsFor(readOnly, undefined).visible.map((t) => t.label)).toEqual([
      'Overview',
      'Monitor',
      'Multi-view',
      'Alerts',
      'Templates',
      'Drift',
    ]);
  });

  it('takes more tabs as entries of the array', () => {
    const tabs = [...FLEET_TABS, { label: 'Rollouts', path: 'rollouts', element: () => null }];
    expect(fleetTabsFor(readOnly, 'rollouts', tabs).current?.label).toBe('Rollouts');
    expect(
      fleetTabsFor(readOnly, 'rollouts', tabs)
        .visible.map((t) => t.label)
        .at(-1),
    ).toBe('Rollouts');
  });
});

describe('FleetPage (spec 2 §2.6)', () => {
  it('gives an editor Rename, Delete and the Users tab', async () => {
    mockApi({ [`GET /fleets/${editable.fleet_guid}`]: { body: { fleet: editable } } });
    renderAt(`/fleets/${editable.fleet_guid}/users`);
    expect(await screen.findByRole('heading', { name: 'Venue North' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Users', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rename' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('shows a reader neither the actions nor Users, and sends a Users link back to Overview', async () => {
    mockApi({ [`GET /fleets/${readOnly.fleet_guid}`]: { body: { fleet: readOnly } } });
    const { router } = renderAt(`/fleets/${readOnly.fleet_guid}/users`);
    expect(await screen.findByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/fleets/${readOnly.fleet_guid}`);
    expect(screen.queryByRole('tab', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('says the fleet could not be loaded, with Retry and Back', async () => {
    mockApi({
      [`GET /fleets/${editable.fleet_guid}`]: { status: 404, body: { message: 'Fleet not found' } },
    });
    renderAt(`/fleets/${editable.fleet_guid}`);
    expect(await screen.findByRole('heading', { name: FLEET_LOAD_ERROR })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fleets' })).toHaveAttribute('href', '/fleets');
  });

  it('renames the fleet and deletes it only with a reason', async () => {
    const calls = mockApi({
      [`GET /fleets/${editable.fleet_guid}`]: { body: { fleet: editable } },
      [`PATCH /fleets/${editable.fleet_guid}`]: {
        body: { fleet: { ...editable, fleet_name: 'Venue East' } },
      },
      [`DELETE /fleets/${editable.fleet_guid}`]: { body: { ok: true } },
    });
    const user = userEvent.setup();
    const { router } = renderAt(`/fleets/${editable.fleet_guid}`);
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    const rename = screen.getByRole('dialog', { name: 'Rename Fleet' });
    const name = within(rename).getByLabelText(/Fleet Name/);
    await user.clear(name);
    await user.type(name, 'Venue East');
    await user.click(within(rename).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ fleet_name: 'Venue East' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Fleet' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Event over');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fleets'));
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ reason: 'Event over' });
  });
});
