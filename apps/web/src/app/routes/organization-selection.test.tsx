import type { Org } from '@ec/contract/orgs';
import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../lib/session/session-store';
import { makeOrg } from '../../testing/data-generators';
import { mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { OrganizationSelection } from './organization-selection';

const expiresAt = new Date(Date.now() + 3600_000).toISOString();
/** Twelve organizations named out of order, so the table's name order shows. */
const twelve: Org[] = Array.from({ length: 12 }, (_, i) =>
  makeOrg({ org_name: `Studio ${String.fromCharCode(76 - i)}`, access: i === 0 ? 300 : 100 }),
);

function mockOrgs(orgs: Org[]) {
  return mockApi({
    'GET /orgs': { body: { orgs, pagination_token: null } },
    'GET /invites': { body: { invites: [], pagination_token: null } },
  });
}

const renderSelection = (queryClient?: QueryClient) =>
  renderWithProviders(null, {
    queryClient,
    url: '/auth/organizations?redirect=%2Fdevices',
    routes: [
      { path: '/auth/organizations', element: <OrganizationSelection /> },
      { path: '/devices', element: <h1>Devices page</h1> },
    ],
  });

const orgNames = () =>
  within(screen.getByRole('table', { name: 'Organizations' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

/** The table shows skeleton rows while the list loads: wait for its organizations. */
const orgsLoaded = () => screen.findAllByRole('cell', { name: /^Studio / }, { timeout: 5000 });

beforeEach(() => {
  localStorage.clear();
  sessionStore.clear();
  sessionStore.setToken({ access_token: 'tok', expires_at: expiresAt, refresh_token: 'ref' });
});
afterEach(() => vi.restoreAllMocks());

// Full MUI pages: the first render alone can pass the default 5 s on a busy machine.
describe('OrganizationSelection', () => {
  it('pages more than ten organizations by name, with 10, 25, 50 and All rows', async () => {
    mockOrgs(twelve);
    const { user } = renderSelection();
    await orgsLoaded();
    expect(orgNames()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'].map((c) => `Studio ${c}`));
    expect(await screen.findByText('1–10 of 12')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(orgNames()).toEqual(['Studio K', 'Studio L']);

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['10', '25', '50', 'All']);
    await user.click(screen.getByRole('option', { name: 'All' }));
    expect(orgNames()).toHaveLength(12);
  });

  it('shows no paging footer for ten organizations or fewer', async () => {
    mockOrgs(twelve.slice(0, 10));
    renderSelection();
    await orgsLoaded();
    expect(orgNames()).toHaveLength(10);
    expect(screen.queryByText(/Rows per page/)).not.toBeInTheDocument();
  });

  it('searches by name, marks the current organization and selects another', async () => {
    const [current, other] = [makeOrg({ org_name: 'Harbour Live' }), makeOrg({ org_name: 'Summit Media' })];
    mockOrgs([current!, other!]);
    sessionStore.selectOrg(current!.org_guid);
    const { user } = renderSelection();
    expect(await screen.findByRole('button', { name: 'Current Harbour Live' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search Organizations' }), 'summ');
    expect(orgNames()).toEqual(['Summit Media']);
    await user.click(screen.getByRole('button', { name: 'Select Summit Media' }));

    expect(await screen.findByRole('heading', { name: 'Devices page' })).toBeInTheDocument();
    expect(sessionStore.getState().orgGuid).toBe(other!.org_guid);
  });

  it("says 'Awaiting Invitation' without organizations or invitations", async () => {
    mockOrgs([]);
    renderSelection();
    expect(await screen.findByRole('heading', { name: 'Awaiting Invitation' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Organizations' })).not.toBeInTheDocument();
  });

  it('reuses the organization list for 60 s, then fetches it again', async () => {
    const calls = mockOrgs(twelve);
    const orgCalls = () => calls.filter((call) => call.path === '/orgs').length;
    const first = renderSelection();
    await orgsLoaded();
    first.unmount();

    const again = renderSelection(first.queryClient);
    await orgsLoaded();
    expect(orgCalls()).toBe(1);
    again.unmount();

    const later = Date.now() + 61_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    renderSelection(first.queryClient);
    await vi.waitFor(() => expect(orgCalls()).toBe(2));
  });
});
