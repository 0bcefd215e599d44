import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { signInToTestOrg, TEST_ORG_GUID } from '../../../testing/alert-fixtures';
import { makeDevice, makeLicense, makeOrg, makeSessionUser } from '../../../testing/data-generators';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { LicensesPage } from './licenses-page';

const perDevice = makeLicense({
  license_name: 'Zixi Outputs',
  sales_order: 'SO-7',
  unlimited: false,
  allocation_limit: 10,
  allocated: 3,
  org_guid: TEST_ORG_GUID,
});
const serial = makeLicense({
  license_name: null,
  serial_number: '1234-5678',
  org_guid: null,
  expires: '2026-01-01T00:00:00.000Z',
  expired: true,
  profile_name: 'WHIP',
});

const studioC = makeDevice({ device_name: 'Studio C', serial_number: '3333-3333' });
const studioZ = makeDevice({ device_name: 'Studio Z', serial_number: '9999-0001' });

function render(access: 100 | 300) {
  const calls = mockApi({
    'GET /auth/session': {
      body: { user: makeSessionUser(), expires_at: new Date(Date.now() + 3600_000).toISOString() },
    },
    'GET /orgs': { body: { orgs: [makeOrg({ org_guid: TEST_ORG_GUID, access })], pagination_token: null } },
    'GET /entitlements/licenses': (call) => {
      const token = call.search.get('pagination_token');
      if (token === 'page-2') return { body: { licenses: [serial], pagination_token: null } };
      return { body: { licenses: [perDevice], pagination_token: 'page-2' } };
    },
    [`GET /entitlements/licenses/${perDevice.license_id}/allocations`]: {
      body: {
        allocations: [
          {
            device_guid: 'd1',
            serial_number: '1111-1111',
            device_name: 'Studio A',
            pending_deallocation: false,
          },
          {
            device_guid: 'd2',
            serial_number: '2222-2222',
            device_name: 'Studio B',
            pending_deallocation: true,
          },
        ],
        pagination_token: null,
      },
    },
    // The organization's first devices by name; Studio Z is found by a search only.
    'GET /devices': ({ search }) => ({
      body: {
        devices: search.get('serial_number') === '9999' ? [studioZ] : [studioC],
        pagination_token: null,
      },
    }),
    [`POST /entitlements/licenses/${perDevice.license_id}/allocations`]: { body: { ok: true } },
    [`DELETE /entitlements/licenses/${perDevice.license_id}/allocations`]: { body: { ok: true } },
  });
  const view = renderWithProviders(null, {
    url: '/licenses',
    routes: [{ path: paths.licenses.path, element: <LicensesPage /> }],
  });
  return { ...view, calls };
}

const listCalls = (calls: MockCall[]) => calls.filter((c) => c.path === '/entitlements/licenses');

beforeEach(() => signInToTestOrg());

describe('Organization licence manager (spec 2 §2.12, §4.10, §4.11)', () => {
  it("lists the organization's licences 50 a page with one token per page: next, previous and first", async () => {
    const { user, calls } = render(300);
    const table = await screen.findByRole('table', { name: 'Licenses' });
    expect(await within(table).findByText('Zixi Outputs')).toBeInTheDocument();
    expect(within(table).getByTitle('Organization license')).toBeInTheDocument();
    const first = listCalls(calls)[0]!.search;
    expect(first.get('pagination_size')).toBe('50');
    expect(first.get('org_guid')).toBe(TEST_ORG_GUID);
    expect(first.get('show_orgs')).toBe('true');
    expect(first.get('show_serials')).toBe('true');

    await user.click(await screen.findByRole('button', { name: 'Go to next page' }));
    expect(await within(table).findByText('Unnamed')).toBeInTheDocument();
    expect(within(table).getByTitle('Serial number license')).toBeInTheDocument();
    expect(listCalls(calls).at(-1)?.search.get('pagination_token')).toBe('page-2');
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
    expect(within(table).getByText(/\(expired\)/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to first page' }));
    expect(await within(table).findByText('Zixi Outputs')).toBeInTheDocument();
  });

  it('expands a row to its type label and details, with Manage Allocation for editors', async () => {
    const { user } = render(300);
    await user.click(await screen.findByRole('button', { name: 'Show details of Zixi Outputs' }));
    expect(await screen.findByText('Per-Device License (10 allocated, 3 in use)')).toBeInTheDocument();
    expect(screen.getByText('Organization License')).toBeInTheDocument();
    expect(screen.getByText('SO-7', { selector: 'dd' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Manage Allocation' }));
    const dialog = await screen.findByRole('dialog', { name: /Manage Allocations/ });
    expect(await within(dialog).findByText('Pending De-Allocation')).toBeInTheDocument();
    expect(within(dialog).getByText('Allocated')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'De-Allocate Studio B' })).toBeDisabled();
  });

  it("allocates the organization's devices and de-allocates one", async () => {
    const { user, calls } = render(300);
    await user.click(await screen.findByRole('button', { name: 'Show details of Zixi Outputs' }));
    await user.click(await screen.findByRole('button', { name: 'Manage Allocation' }));
    const dialog = await screen.findByRole('dialog', { name: /Manage Allocations/ });
    await user.click(within(dialog).getByRole('button', { name: 'De-Allocate Studio A' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ devices: ['d1'] }));
    await user.click(within(dialog).getByRole('button', { name: 'Allocate' }));
    expect(await within(dialog).findByText('List at least one device')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Devices to allocate' }));
    await user.click(await screen.findByRole('option', { name: 'Studio C (3333-3333)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Allocate' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ devices: [studioC.device_guid] }),
    );
  });

  it('finds a device to allocate past the 1000 a list holds by its serial number', async () => {
    const { user, calls } = render(300);
    await user.click(await screen.findByRole('button', { name: 'Show details of Zixi Outputs' }));
    await user.click(await screen.findByRole('button', { name: 'Manage Allocation' }));
    const dialog = await screen.findByRole('dialog', { name: /Manage Allocations/ });
    await user.type(within(dialog).getByRole('combobox', { name: 'Devices to allocate' }), '9999');
    await user.click(await screen.findByRole('option', { name: 'Studio Z (9999-0001)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Allocate' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ devices: [studioZ.device_guid] }),
    );
  });

  it('offers no Manage Allocation to a reader', async () => {
    const { user } = render(100);
    await user.click(await screen.findByRole('button', { name: 'Show details of Zixi Outputs' }));
    await screen.findByText('Per-Device License (10 allocated, 3 in use)');
    expect(screen.queryByRole('button', { name: 'Manage Allocation' })).not.toBeInTheDocument();
  });

  it('adds a filter chip only with a type and a value, each type once, and starts again at page 1', async () => {
    const { user, calls } = render(300);
    await screen.findByText('Zixi Outputs');
    await user.click(await screen.findByRole('button', { name: 'Go to next page' }));
    await screen.findByText('Unnamed');
    const add = screen.getByRole('button', { name: 'Add Filter' });
    expect(add).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Filter' }));
    await user.click(await screen.findByRole('option', { name: 'Sales Order' }));
    expect(add).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Value' }), 'SO-7');
    await user.click(add);
    expect(await screen.findByText('Sales Order: SO-7')).toBeInTheDocument();
    await waitFor(() => expect(listCalls(calls).at(-1)?.search.get('sales_order')).toBe('SO-7'));
    const last = listCalls(calls).at(-1)!.search;
    expect(last.get('pagination_token')).toBeNull();
    expect(last.get('show_orgs')).toBe('false');
    await user.click(screen.getByRole('combobox', { name: 'Filter' }));
    expect(screen.queryByRole('option', { name: 'Sales Order' })).not.toBeInTheDocument();
  });
});
