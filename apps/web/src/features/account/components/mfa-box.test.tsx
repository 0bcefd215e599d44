import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSessionUser } from '../../../testing/data-generators';
import { renderAccountPage } from '../testing/account-fixtures';

const SECRET = 'JBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/Console:ann%40example.com?secret=${SECRET}&issuer=Console`;

describe('MfaBox', () => {
  it('enables TOTP with the QR code, the secret and a code from the app', async () => {
    const ann = makeSessionUser();
    const { user, calls } = renderAccountPage(ann, {
      'POST /account/totp': { body: { secret: SECRET, otpauth_uri: URI } },
      'POST /account/totp/verify': { body: { ...ann, mfa_method: 'SOFTWARE_TOKEN_MFA' } },
    });
    expect(await screen.findByText(/Multi-factor authentication is off/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable MFA' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enable TOTP' }));

    const dialog = await screen.findByRole('dialog', { name: 'Enable TOTP' });
    expect(await within(dialog).findByLabelText('Secret')).toHaveValue(SECRET);
    expect(await within(dialog).findByRole('img', { name: 'TOTP QR code' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('TOTP code must be exactly 6 digits')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('TOTP Code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enabled TOTP successfully.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/account/totp/verify')?.body).toEqual({ code: '123456' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Enable TOTP' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disable MFA' })).toBeInTheDocument();
  });

  it('disables MFA', async () => {
    const ann = makeSessionUser({ mfa_method: 'SOFTWARE_TOKEN_MFA' });
    const { user } = renderAccountPage(ann, {
      'DELETE /account/mfa': { body: { ...ann, mfa_method: 'NOMFA' } },
    });
    expect(await screen.findByText(/authenticator app \(TOTP\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enable TOTP' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disable MFA' }));
    expect(await screen.findByText('Disabled MFA successfully.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable TOTP' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable MFA' })).not.toBeInTheDocument();
  });
});
