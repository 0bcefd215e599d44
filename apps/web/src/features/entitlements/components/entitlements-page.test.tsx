import type { GroupName } from '@ec/contract/access';
import { BASE_EDGECASTER } from '@ec/contract/entitlements/base-profiles';
import {
  CAPABILITY_PROFILES,
  CLOUD_UI_CAPABILITY_PROFILE,
} from '@ec/contract/entitlements/capability-catalogue';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { signedInHandlers, signInToTestOrg, TEST_ORG_GUID } from '../../../testing/alert-fixtures';
import { makeSessionUser } from '../../../testing/data-generators';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { EntitlementsPage } from './entitlements-page';

const ZIXI = {
  profile_guid: '5b0c1f7e-6d0a-4c53-9a7e-2f1b3c4d5e6f',
  profile_name: 'Zixi Pack',
  profile_platform: 'edgecaster' as const,
  properties: { 'daemon.output.zixi.limit': 2 },
};
const BASE = { ...BASE_EDGECASTER };
const summary = ({ profile_guid, profile_name, profile_platform }: typeof ZIXI) => ({
  profile_guid,
  profile_name,
  profile_platform,
});

function render(url: string, options: { groups?: GroupName[]; extra?: Parameters<typeof mockApi>[0] } = {}) {
  const calls = mockApi({
    ...signedInHandlers(),
    'GET /auth/session': {
      body: {
        user: makeSessionUser({ groups: options.groups ?? ['EntitlementManagement'] }),
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
      },
    },
    'GET /entitlements/capabilities/edgecaster': { body: CAPABILITY_PROFILES.edgecaster },
    'GET /entitlements/capabilities/cloud_ui': { body: CLOUD_UI_CAPABILITY_PROFILE },
    'GET /entitlements/profiles': {
      body: { profiles: [summary(BASE as typeof ZIXI), summary(ZIXI)], pagination_token: null },
    },
    [`GET /entitlements/profiles/${ZIXI.profile_guid}`]: { body: { profile: ZIXI } },
    'GET /entitlements/profiles/BASE_EDGECASTER': { body: { profile: BASE } },
    ...options.extra,
  });
  const view = renderWithProviders(null, {
    url,
    routes: [{ path: paths.entitlements.path, element: <EntitlementsPage /> }],
  });
  return { ...view, calls };
}

const patches = (calls: MockCall[]) => calls.filter((call) => call.method === 'PATCH');

beforeEach(() => signInToTestOrg());

describe('Licensing & Entitlements (spec 3 §2.8)', () => {
  it('shows each product’s capability definitions, the cloud UI’s too', async () => {
    const { user } = render('/entitlements/capabilities');
    const table = await screen.findByRole('table', { name: 'Edgecaster capabilities' });
    const row = (await within(table).findByText('Video Encoders')).closest('tr')!;
    expect(within(row).getByText('Number')).toBeInTheDocument();
    expect(within(row).getAllByText('4')).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: 'Cloud UI' }));
    const cloud = await screen.findByRole('table', { name: 'Cloud UI capabilities' });
    expect(await within(cloud).findByText('Fleet Monitor')).toBeInTheDocument();
    expect(within(cloud).queryByText('Containers')).not.toBeInTheDocument();
  });

  it('tells a person without EntitlementManagement that the view is not theirs', async () => {
    render('/entitlements/profiles', { groups: [] });
    expect(await screen.findByText('This view needs the EntitlementManagement group.')).toBeInTheDocument();
  });

  it("checks each value by its capability's rule and sends nothing while one is wrong", async () => {
    const { user, calls } = render(`/entitlements/profiles/${ZIXI.profile_guid}`, {
      extra: { [`PATCH /entitlements/profiles/${ZIXI.profile_guid}`]: { body: { ok: true } } },
    });
    const zixi = await screen.findByRole('spinbutton', { name: 'Zixi Outputs' });
    await user.clear(zixi);
    await user.type(zixi, '9');
    await user.click(screen.getByRole('checkbox', { name: 'Set Audio Codecs' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Value Must be Between 0 and 8')).toBeInTheDocument();
    expect(screen.getByText('Array Must Include at least 1 Element')).toBeInTheDocument();
    expect(patches(calls)).toHaveLength(0);

    await user.clear(zixi);
    expect(await screen.findByText('Value Required')).toBeInTheDocument();
    await user.type(zixi, '4');
    await user.click(screen.getByRole('checkbox', { name: 'Set Audio Codecs' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]?.body).toEqual({
      profile_name: 'Zixi Pack',
      properties: { 'daemon.output.zixi.limit': 4 },
    });
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
  });

  it('saves a base profile only once BASE ENTITLEMENT is typed, in any case', async () => {
    const { user, calls } = render('/entitlements/profiles/BASE_EDGECASTER', {
      extra: { 'PATCH /entitlements/profiles/BASE_EDGECASTER': { body: { ok: true } } },
    });
    await user.click(await screen.findByRole('switch', { name: 'Bulk Actions' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Base Profile' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Confirmation'), 'base entitlemen');
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Confirmation'), 't');
    await user.click(save);
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]?.body).toMatchObject({
      properties: expect.objectContaining({ 'services.cloud.bulk_actions.enabled': true }),
    });
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('asks before switching away from unsaved changes', async () => {
    const { user, router } = render(`/entitlements/profiles/${ZIXI.profile_guid}`);
    await user.type(await screen.findByRole('textbox', { name: 'Profile Name' }), ' Plus');
    await user.click(screen.getByRole('button', { name: 'Base Edgecaster' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard Unsaved Changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep Editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(`/entitlements/profiles/${ZIXI.profile_guid}`);
    expect(screen.getByRole('textbox', { name: 'Profile Name' })).toHaveValue('Zixi Pack Plus');

    await user.click(screen.getByRole('button', { name: 'Base Edgecaster' }));
    await user.click(await screen.findByRole('button', { name: 'Discard Changes' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/entitlements/profiles/BASE_EDGECASTER'),
    );
    expect(await screen.findByRole('heading', { name: 'Base Edgecaster' })).toBeInTheDocument();
  });

  it('shows a save error with the friendly feature labels', async () => {
    const { user } = render(`/entitlements/profiles/${ZIXI.profile_guid}`, {
      extra: {
        [`PATCH /entitlements/profiles/${ZIXI.profile_guid}`]: {
          status: 400,
          body: { message: 'daemon.output.zixi.limit is above what a licence may grant', error_code: 'X' },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Zixi Outputs is above what a licence may grant')).toBeInTheDocument();
  });

  it('creates a profile for an Edgecaster by default and opens it; the platform stays read-only', async () => {
    const created = '0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a';
    const { user, calls, router } = render('/entitlements/profiles', {
      extra: {
        'POST /entitlements/profiles': { status: 201, body: { profile_guid: created } },
        [`GET /entitlements/profiles/${created}`]: {
          body: {
            profile: {
              profile_guid: created,
              profile_name: 'New',
              profile_platform: 'edgecaster',
              properties: {},
            },
          },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Create Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Profile' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Profile name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Profile Name' }), 'New');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/entitlements/profiles/${created}`));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      profile_name: 'New',
      profile_platform: 'edgecaster',
      properties: {},
    });
    expect(await screen.findByRole('textbox', { name: 'Platform' })).toHaveAttribute('readonly');
  });

  it('deletes a profile only with a reason', async () => {
    const { user, calls, router } = render(`/entitlements/profiles/${ZIXI.profile_guid}`, {
      extra: { [`DELETE /entitlements/profiles/${ZIXI.profile_guid}`]: { body: { ok: true } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Profile' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Profile' }));
    expect(await within(dialog).findByText('A reason is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Replaced');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/entitlements/profiles'));
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ reason: 'Replaced' });
  });

  it('creates a licence: aborts on an allocation count of 0, sends a count of 1 or more', async () => {
    const { user, calls } = render('/entitlements/licenses', {
      extra: {
        'GET /entitlements/licenses': { body: { licenses: [], pagination_token: null } },
        'POST /entitlements/licenses': { status: 201, body: { license_id: ZIXI.profile_guid } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Create License' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create License' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('A profile is required')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Profile' }));
    await user.click(await screen.findByRole('option', { name: 'Zixi Pack (Edgecaster)' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Allocation Count' }), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The allocation count must be at least 1')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Allocation Count' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Allocation Count' }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      profile_guid: ZIXI.profile_guid,
      org_guid: TEST_ORG_GUID,
      unlimited: false,
      allocation_limit: 5,
      lifespan_days: 365,
    });
  });
});
