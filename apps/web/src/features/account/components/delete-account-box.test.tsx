import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store';
import { makeSessionUser } from '../../../testing/data-generators';
import { renderAccountPage, sent } from '../testing/account-fixtures';

vi.mock('../../access-tokens/components/access-tokens-box', () => ({
  AccessTokensBox: () => <p>Access tokens</p>,
}));

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
