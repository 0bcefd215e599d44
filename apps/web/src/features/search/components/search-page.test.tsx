import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInToTestOrg, TEST_ORG_GUID } from '../../../testing/alert-fixtures';
import { makeDevice } from '../../../testing/data-generators';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { SearchPage } from './search-page';

const SEARCH_PATH = `POST /orgs/${TEST_ORG_GUID}/device_metadata`;
const studio = makeDevice({ device_name: 'Studio Encoder' });
const truck = makeDevice({ device_name: 'Truck Encoder' });
const entry = (device: typeof studio, value: string) => ({
  key: 'location' as const,
  value,
  device_guid: device.device_guid,
  device_name: device.device_name,
});

let calls: MockCall[];
beforeEach(() => {
  signInToTestOrg();
  calls = mockApi({
    [SEARCH_PATH]: {
      body: {
        metadata: [entry(studio, 'Oslo Studio B'), entry(truck, 'Oslo harbour')],
        pagination_token: null,
      },
    },
    'GET /devices': (call) =>
      call.search.get('pagination_token')
        ? { body: { devices: [truck], pagination_token: null } }
        : { body: { devices: [studio], pagination_token: 'page-2' } },
  });
});
afterEach(() => vi.restoreAllMocks());

describe('SearchPage', () => {
  it('searches the chosen key a second after typing stops, with the values as chips and links to the devices', async () => {
    const { user, router } = renderWithProviders(<SearchPage />, { url: '/search' });
    await user.click(screen.getByRole('combobox', { name: 'Search Key' }));
    await user.click(screen.getByRole('option', { name: 'Location' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search Location' }), 'oslo');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    const table = await screen.findByRole('table', { name: 'Metadata search results' }, { timeout: 3000 });
    const chips = await screen.findByRole('list', { name: 'Matching values' });
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { pagination_size: 50, search_keys: [{ key: 'location', value: 'oslo' }], pagination_token: null },
    ]);
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Oslo Studio B', 'Oslo harbour']);
    expect(await within(table).findByRole('link', { name: 'Studio Encoder' })).toHaveAttribute(
      'href',
      `/devices/${studio.device_guid}`,
    );
    const address = router.state.location.search;
    expect(address).toMatch(/searchKey=location/);
    expect(address).toMatch(/searchFilter=oslo/);
    expect(address).toMatch(/timestamp=\d+/);
  });

  it('leaves the list empty and only logs when the search fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ [SEARCH_PATH]: { status: 500, body: { message: 'Broken', error_code: 'X' } } });
    renderWithProviders(<SearchPage />, { url: '/search?searchFilter=oslo' });
    const table = await screen.findByRole('table', { name: 'Metadata search results' });
    expect(await within(table).findByText('No devices')).toBeInTheDocument();
    expect(screen.queryByText(/Broken/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('The metadata search failed', expect.anything());
  });

  it('searches device names from the address, page by page', async () => {
    const { user } = renderWithProviders(<SearchPage />, {
      url: '/search?section=device_name&searchFilter=encoder',
    });
    expect(screen.getByRole('tab', { name: 'Device Name', selected: true })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Device name search results' });
    expect(await within(table).findByRole('link', { name: 'Studio Encoder' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/devices')?.search.get('device_name')).toBe('encoder');

    await user.click(screen.getByRole('button', { name: /next/i }));
    expect(await within(table).findByRole('link', { name: 'Truck Encoder' })).toBeInTheDocument();
    expect(calls.at(-1)?.search.get('pagination_token')).toBe('page-2');
  });

  it('asks nothing until something is typed', async () => {
    const { user } = renderWithProviders(<SearchPage />, { url: '/search' });
    expect(screen.getByText(/Type in the search box/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Device Name' }));
    expect(screen.getByRole('searchbox', { name: 'Search Device Name' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(0));
  });
});
