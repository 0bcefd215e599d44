import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSessionUser } from '../../../testing/data-generators';
import { renderAccountPage, sent } from '../testing/account-fixtures';

const WAIT = 'Please Wait Before Resending the Verification Code';
const dialog = () => screen.getByRole('dialog', { name: 'Verify Your New E-mail' });

describe('VerifyEmailDialog', () => {
  it('opens after an e-mail change, holds re-sends for 30 s and verifies the code', async () => {
    const ann = makeSessionUser();
    const pending = { ...ann, pending_email: 'ann.new@example.com' };
    const { user, calls } = renderAccountPage(ann, {
      'POST /account/email': { body: pending },
      'POST /account/email/verify': (call) =>
        (call.body as { code: string }).code === '123456'
          ? { body: { ...ann, email: 'ann.new@example.com' } }
          : {
              status: 400,
              body: {
                message: 'Invalid verification code provided, please try again.',
                error_code: 'CodeMismatchException',
              },
            },
    });
    const email = await screen.findByLabelText('E-mail');
    await user.clear(email);
    await user.type(email, 'Ann.New@Example.com');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByRole('dialog', { name: 'Verify Your New E-mail' })).toHaveTextContent(
      'ann.new@example.com',
    );
    expect(calls.find((call) => call.path === '/account/email')?.body).toEqual({
      email: 'ann.new@example.com',
    });

    // A code was just sent: the browser holds the re-send back without asking the server.
    await user.click(within(dialog()).getByRole('button', { name: 'Re-send Code' }));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(WAIT);
    expect(sent(calls)).not.toContain('POST /account/email/resend');

    // Clicking outside does not close it.
    await user.click(document.querySelector('.MuiBackdrop-root')!);
    expect(dialog()).toBeInTheDocument();

    await user.click(within(dialog()).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog()).findByText('Code must be exactly 6 digits')).toBeInTheDocument();
    await user.type(within(dialog()).getByLabelText('Verification Code'), '654321');
    await user.click(within(dialog()).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'Invalid verification code provided, please try again.',
    );
    await user.clear(within(dialog()).getByLabelText('Verification Code'));
    await user.type(within(dialog()).getByLabelText('Verification Code'), '123456');
    await user.click(within(dialog()).getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('E-mail address changed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('E-mail')).toHaveValue('ann.new@example.com');
  });

  it('shows the server asking to wait, and cancels the change', async () => {
    const ann = makeSessionUser({ pending_email: 'ann.new@example.com' });
    const { user, calls } = renderAccountPage(ann, {
      'POST /account/email/resend': {
        status: 429,
        body: { message: WAIT, error_code: 'TooManyRequestsException' },
      },
      'DELETE /account/email': { body: { ...ann, pending_email: null } },
    });
    const open = await screen.findByRole('dialog', { name: 'Verify Your New E-mail' });
    await user.click(within(open).getByRole('button', { name: 'Re-send Code' }));
    expect(await within(open).findByRole('alert')).toHaveTextContent(WAIT);
    expect(sent(calls)).toContain('POST /account/email/resend');

    await user.click(within(open).getByRole('button', { name: 'Cancel E-mail Change' }));
    expect(await screen.findByText('E-mail change cancelled.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('re-sends the code when the server allows it', async () => {
    const ann = makeSessionUser({ pending_email: 'ann.new@example.com' });
    const { user } = renderAccountPage(ann, { 'POST /account/email/resend': { body: { ok: true } } });
    const open = await screen.findByRole('dialog', { name: 'Verify Your New E-mail' });
    await user.click(within(open).getByRole('button', { name: 'Re-send Code' }));
    expect(
      await within(open).findByText('A new verification code has been sent to ann.new@example.com.'),
    ).toBeInTheDocument();
    // The next one within 30 s is held back in the browser.
    await user.click(within(open).getByRole('button', { name: 'Re-send Code' }));
    expect(within(open).getByRole('alert')).toHaveTextContent(WAIT);
  });
});
