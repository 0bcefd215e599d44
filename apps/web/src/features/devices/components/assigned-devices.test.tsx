import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store';
import { makeDevice, makeSessionUser } from '../../../testing/data-generators';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { DeviceListPage } from './device-list-page';

const expiresAt = new Date(Date.now() + 3600_000).toISOString();
const me = makeSessionUser();

beforeEach(() => {
  sessionStore.setToken({ access_token: 'tok', expires_at: expiresAt, refresh_token: 'ref' });
});
afterEach(() => vi.restoreAllMocks());

describe("the device list's Assigned To Me tab", () => {
  it('lists the devices GET /devices?user_guid={me} answers', async () => {
    const assigned = makeDevice({ device_name: 'Given to me' });
    const calls = mockApi({
      'GET /auth/session': { body: { user: me, expires_at: expiresAt } },
      'GET /orgs': { body: { orgs: [], pagination_token: null } },
      'GET /devices': (call) =>
        call.search.get('user_guid') === me.user_guid
          ? { body: { devices: [assigned], pagination_token: null } }
          : { body: { devices: [], pagination_token: null } },
    });
    const { user } = renderWithProviders(<DeviceListPage />);

    await user.click(screen.getByRole('tab', { name: 'Assigned To Me' }));
    expect(await screen.findByRole('link', { name: 'Given to me' })).toBeInTheDocument();
    const lists = calls.filter((call) => call.path === '/devices');
    expect(lists.map((call) => call.search.get('user_guid'))).toContain(me.user_guid);
    expect(
      lists.every((call) => call.search.get('user_guid') === me.user_guid || !call.search.has('user_guid')),
    ).toBe(true);
  });
});
