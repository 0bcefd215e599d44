import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSessionUser } from '../../../testing/data-generators';
import { renderAccountPage, sent } from '../testing/account-fixtures';

const WAIT = 'Please Wait Before Resending the Verification Code';
const PHONE = '+15551234567';
const profile = () => screen.getByRole('region', { name: 'Profile' });
/** The page has loaded once the profile's phone field is there. */
const loaded = () => screen.findByLabelText('Phone');
const dialog = () => screen.getByRole('dialog', { name: 'Verify Your Phone' });
const error = (status: number, message: string, error_code: string) => ({
  status,
  body: { message, error_code },
});

describe('VerifyPhoneDialog', () => {
  it('texts a code on request and holds re-sends for 30 s in the browser', async () => {
    const { user, calls } = renderAccountPage(makeSessionUser({ phone_number: PHONE }), {
      'POST /account/phone/code': { body: { ok: true } },
    });
    await loaded();
    expect(within(profile()).getByText('Not verified')).toBeInTheDocument();
    await user.click(within(profile()).getByRole('button', { name: 'Verify Phone' }));
    expect(dialog()).toHaveTextContent(`by text message to ${PHONE}`);

    await user.click(within(dialog()).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog()).findByText('Code must be exactly 6 digits')).toBeInTheDocument();
    expect(sent(calls)).toEqual([]);

    await user.click(within(dialog()).getByRole('button', { name: 'Send Code' }));
    expect(
      await within(dialog()).findByText(`A verification code has been texted to ${PHONE}.`),
    ).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Re-send Code' }));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(WAIT);
    expect(sent(calls)).toEqual(['POST /account/phone/code']);
  });

  it('shows a wrong code, and marks the number verified with the right one', async () => {
    const ann = makeSessionUser({ phone_number: PHONE });
    const { user, calls } = renderAccountPage(ann, {
      'POST /account/phone/verify': (call) =>
        (call.body as { code: string }).code === '123456'
          ? { body: { ...ann, phone_number_verified: true } }
          : error(400, 'Invalid verification code provided, please try again.', 'CodeMismatchException'),
    });
    await loaded();
    await user.click(within(profile()).getByRole('button', { name: 'Verify Phone' }));
    const code = within(dialog()).getByLabelText('Verification Code');
    await user.type(code, '654321');
    await user.click(within(dialog()).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'Invalid verification code provided, please try again.',
    );
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(dialog()).getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Phone number verified.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(profile()).getByText('Verified')).toBeInTheDocument();
    expect(within(profile()).queryByRole('button', { name: 'Verify Phone' })).not.toBeInTheDocument();
    // The dialog's form is its own: the profile was not saved along with it.
    expect(sent(calls)).toEqual(['POST /account/phone/verify', 'POST /account/phone/verify']);
  });

  it("shows the server's refusals: the re-send wait and a provider that failed", async () => {
    const ann = makeSessionUser({ phone_number: PHONE });
    let answer = error(429, WAIT, 'TooManyRequestsException');
    const { user } = renderAccountPage(ann, { 'POST /account/phone/code': () => answer });
    await loaded();
    await user.click(within(profile()).getByRole('button', { name: 'Verify Phone' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Send Code' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(WAIT);

    answer = error(502, 'The text message could not be sent. Please try again later.', 'SMS_NOT_SENT');
    await user.click(within(dialog()).getByRole('button', { name: 'Send Code' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'The text message could not be sent. Please try again later.',
    );

    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a verified number as such, nothing without a number, and hides the state while it is edited', async () => {
    const { user } = renderAccountPage(makeSessionUser({ phone_number: PHONE, phone_number_verified: true }));
    await loaded();
    expect(within(profile()).getByText('Verified')).toBeInTheDocument();
    expect(within(profile()).queryByRole('button', { name: 'Verify Phone' })).not.toBeInTheDocument();

    await user.type(within(profile()).getByLabelText('Phone'), '8');
    expect(within(profile()).queryByText('Verified')).not.toBeInTheDocument();
  });

  it('shows no state without a phone number', async () => {
    renderAccountPage(makeSessionUser());
    expect(await loaded()).toHaveValue('');
    expect(within(profile()).queryByText('Not verified')).not.toBeInTheDocument();
    expect(within(profile()).queryByRole('button', { name: 'Verify Phone' })).not.toBeInTheDocument();
  });
});
