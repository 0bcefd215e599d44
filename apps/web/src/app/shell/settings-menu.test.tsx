import type { SessionUser } from '@ec/contract/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicConfigQueryOptions } from '../../lib/app-config';
import { sessionUserQueryOptions } from '../../lib/session/get-session-user';
import { sessionStore } from '../../lib/session/session-store';
import { makeSessionUser } from '../../testing/data-generators';
import { mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { SettingsMenu } from './settings-menu';

const expiresAt = new Date(Date.now() + 3600_000).toISOString();

/** The menu once the user and the configuration are known (before that it shows the defaults). */
async function renderMenu(user: SessionUser, debug: boolean) {
  const calls = mockApi({
    'GET /auth/session': { body: { user, expires_at: expiresAt } },
    'GET /config': { body: { deployment_name: 'Edgecaster Cloud', support_url: '', debug, banner: null } },
    'GET /invites': { body: { invites: [], pagination_token: null } },
  });
  const view = renderWithProviders(<SettingsMenu />);
  await waitFor(() => {
    for (const queryKey of [sessionUserQueryOptions().queryKey, publicConfigQueryOptions.queryKey])
      expect(view.queryClient.getQueryState(queryKey)?.status).toBe('success');
  });
  return { calls, ...view };
}

async function openMenu(user: Awaited<ReturnType<typeof renderMenu>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Settings' }));
  return screen.findByRole('menu');
}

beforeEach(() => {
  sessionStore.setToken({ access_token: 'tok', expires_at: expiresAt, refresh_token: 'ref' });
});
afterEach(() => vi.restoreAllMocks());

describe('SettingsMenu', () => {
  it('offers a platform admin Reset Caches in debug mode, which loads the data again', async () => {
    const { user, calls } = await renderMenu(makeSessionUser({ groups: ['UserManagement'] }), true);
    expect(calls.filter((call) => call.path === '/auth/session')).toHaveLength(1);
    const menu = await openMenu(user);
    await user.click(await within(menu).findByRole('menuitem', { name: 'Reset Caches' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/auth/session')).toHaveLength(2));
  });

  it('has no Reset Caches outside debug mode, nor for other users', async () => {
    const admin = await renderMenu(makeSessionUser({ groups: ['UserManagement'] }), false);
    let menu = await openMenu(admin.user);
    expect(within(menu).queryByRole('menuitem', { name: 'Reset Caches' })).not.toBeInTheDocument();
    admin.unmount();

    const member = await renderMenu(makeSessionUser(), true);
    menu = await openMenu(member.user);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Manage Account', 'Switch Organization', 'My Organizations', 'Logout']);
  });
});
