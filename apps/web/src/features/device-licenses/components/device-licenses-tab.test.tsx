import type { DeviceRights } from '@ec/contract/access';
import type { DeviceLicense } from '@ec/contract/entitlements/merge-entitlements';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInToTestOrg } from '../../../testing/alert-fixtures';
import { makeDeviceEntitlements } from '../../../testing/data-generators';
import { mockApi } from '../../../testing/mock-api';
import { stubObjectUrls } from '../../../testing/object-urls';
import { renderWithProviders } from '../../../testing/render';
import { DeviceLicensesTab } from './device-licenses-tab';
// Loaded with this file: the paging footer, which the list loads on demand, would otherwise be
// compiled at its first use, past findBy's 5 s on a loaded machine (the whole suite's CI run).
import '../../../components/ui/data-table/data-table-footer';

const DEVICE = '00000000-0000-4000-8000-0000000000d1';
const admin: DeviceRights = { control: true, edit: true, admin: true };
const editor: DeviceRights = { control: true, edit: true, admin: false };

const license = (index: number, overrides: Partial<DeviceLicense> = {}): DeviceLicense => ({
  license_id: `L-${String(index).padStart(3, '0')}`,
  license_name: `Licence ${String(index).padStart(3, '0')}`,
  profile_guid: 'PREMIUM_OUTPUTS',
  license_type: 'per_device',
  allocation_limit: 10,
  allocated: 4,
  sales_order: `SO-${index}`,
  created: '2026-01-05T12:00:00.000Z',
  expires: '2099-01-01T00:00:00.000Z',
  expired: false,
  ...overrides,
});

function mockLicenses(licenses: DeviceLicense[]) {
  return mockApi({
    [`GET /entitlements/devices/${DEVICE}/licenses`]: { body: { licenses } },
    [`GET /entitlements/devices/${DEVICE}`]: { body: makeDeviceEntitlements(DEVICE) },
  });
}

const renderTab = (rights: DeviceRights) =>
  renderWithProviders(<DeviceLicensesTab deviceGuid={DEVICE} deviceName="Studio A" rights={rights} />);

beforeEach(() => signInToTestOrg());
afterEach(() => vi.restoreAllMocks());

describe('DeviceLicensesTab (spec 2 §2.5, §4.10)', () => {
  it('lists the licences with their type, dates, expiry and allocation', async () => {
    mockLicenses([
      license(1),
      license(2, {
        license_name: null,
        unlimited: true,
        sales_order: null,
        expires: '2025-01-01T00:00:00.000Z',
        expired: true,
        pending_deallocation: true,
      }),
    ]);
    renderTab(editor);
    const table = screen.getByRole('table', { name: 'Licenses' });
    const first = (await within(table).findByText('Licence 001')).closest('tr') as HTMLElement;
    expect(within(first).getByText('Per-Device License (10 allocated, 4 in use)')).toBeInTheDocument();
    expect(within(first).getByText('SO-1')).toBeInTheDocument();
    expect(within(first).getByText('2026/01/05')).toBeInTheDocument();
    expect(within(first).getByText('Allocated')).toBeInTheDocument();
    expect(within(first).queryByText('Expired')).not.toBeInTheDocument();
    const second = within(table).getByText('Unnamed').closest('tr') as HTMLElement;
    expect(within(second).getByText('Unlimited License')).toBeInTheDocument();
    expect(within(second).getByText('Expired')).toBeInTheDocument();
    expect(within(second).getByText('Pending De-Allocation')).toBeInTheDocument();
  });

  it('shows 50 licences a page, Next and Previous as pages exist', async () => {
    mockLicenses(Array.from({ length: 60 }, (_, index) => license(index + 1)));
    const { user } = renderTab(editor);
    const table = screen.getByRole('table', { name: 'Licenses' });
    expect(await within(table).findByText('Licence 050')).toBeInTheDocument();
    expect(within(table).queryByText('Licence 051')).not.toBeInTheDocument();
    // The paging footer loads on demand (deferred-footer.tsx).
    const previous = await screen.findByRole('button', { name: 'Go to previous page' });
    expect(previous).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await within(table).findByText('Licence 060')).toBeInTheDocument();
    expect(within(table).queryByText('Licence 001')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
    expect(previous).toBeEnabled();
  });

  it('has an empty state, Reload reads the list again', async () => {
    const calls = mockLicenses([]);
    const { user } = renderTab(editor);
    expect(await screen.findByText(/This device has no licenses/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(calls.filter((call) => call.path.endsWith('/licenses'))).toHaveLength(2));
  });

  it('downloads the licence file of the device', async () => {
    const calls = mockLicenses([license(1)]);
    const urls = stubObjectUrls();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderTab(editor);
    await user.click(screen.getByRole('button', { name: 'Download Licenses' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const file = calls.find((call) => call.path === `/entitlements/devices/${DEVICE}`);
    expect(file?.search.get('version')).toBe('10.3.0');
    const blob = urls.createObjectURL.mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text())).toEqual(makeDeviceEntitlements(DEVICE));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Studio-A-licenses.json');
  });

  it('opens the entitlement debug tool for device admins only', async () => {
    mockLicenses([]);
    const { unmount } = renderTab(editor);
    await screen.findByText(/This device has no licenses/);
    expect(screen.queryByRole('button', { name: 'Entitlement Debug' })).not.toBeInTheDocument();
    unmount();

    const { user } = renderTab(admin);
    await user.click(screen.getByRole('button', { name: 'Entitlement Debug' }));
    const dialog = await screen.findByRole('dialog', { name: 'Entitlement Debug' });
    const json = await within(dialog).findByLabelText('Entitlement JSON');
    expect(JSON.parse(json.textContent ?? '')).toEqual(makeDeviceEntitlements(DEVICE));
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
