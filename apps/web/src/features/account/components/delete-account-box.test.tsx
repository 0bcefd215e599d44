import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequireLogin } from '../../../app/guards';
import { sessionStore } from '../../../lib/session/session-store';
import { makeSessionUser } from '../../../testing/data-generators';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { renderAccountPage, sent } from '../testing/account-fixtures';
import { DeleteAccountBox } from './delete-account-box';

describe('DeleteAccountBox', () => {
  it('needs a reason, then deletes the account, ends the session and shows the login', async () => {
    const { user, calls, router } = renderAccountPage(makeSessionUser(), {
      'DELETE /account': { body: { ok: true } },
    });
    const box = await screen.findByRole('region', { name: 'Delete Account' });
    await user.click(within(box).getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account' });
    await user.type(within(dialog).getByLabelText(/Reason/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(sent(calls)).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Reason/), 'Moving to another team');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));

    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({
      reason: 'Moving to another team',
    });
    expect(sessionStore.getState().accessToken).toBeNull();
  });

  it('goes to the plain login page from behind the login guard: the next sign-in is not sent to /account', async () => {
    const expiresAt = new Date(Date.now() + 3600_000).toISOString();
    sessionStore.setToken({ access_token: 'token', expires_at: expiresAt, refresh_token: 'refresh' });
    mockApi({
      'GET /auth/session': { body: { user: makeSessionUser(), expires_at: expiresAt } },
      'DELETE /account': { body: { ok: true } },
    });
    const { user, router } = renderWithProviders(null, {
      url: '/account',
      routes: [
        { element: <RequireLogin />, children: [{ path: '/account', element: <DeleteAccountBox /> }] },
        { path: '/auth/login', element: <h1>Login page</h1> },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Leaving');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));

    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toBe('');
  });

  it('keeps the session when the deletion fails', async () => {
    const { user } = renderAccountPage(makeSessionUser(), {
      'DELETE /account': { status: 500, body: { message: 'Something went wrong', error_code: 'X' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Testing');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(sessionStore.getState().accessToken).toBe('token');
  });
});
