import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSessionUser } from '../../../testing/data-generators';
import { stubObjectUrls } from '../../../testing/object-urls';
import { renderAccountPage, sent } from '../testing/account-fixtures';

const profile = () => screen.getByRole('region', { name: 'Profile' });

describe('ProfileBox', () => {
  it('shows the field rules and sends nothing while they fail', async () => {
    const { user, calls } = renderAccountPage(makeSessionUser());
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await user.type(screen.getByLabelText('Phone'), '+44 20 7946 0958');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Must be valid e-mail')).toBeInTheDocument();
    expect(screen.getByText('Phone must be a US or CA number such as +1 555 123 4567')).toBeInTheDocument();
    expect(sent(calls)).toEqual([]);
  });

  it('patches the changed fields and confirms the save', async () => {
    const ann = makeSessionUser();
    const { user, calls } = renderAccountPage(ann, {
      'PATCH /account': (call) => ({ body: { ...ann, ...(call.body as object) } }),
    });
    const name = await screen.findByLabelText('Name');
    expect(within(profile()).getByRole('combobox', { name: 'Locale' })).toHaveTextContent('Default (en-US)');
    expect(within(profile()).getByRole('combobox', { name: 'Timezone' })).toHaveValue('America/New_York');
    await user.clear(name);
    await user.type(name, 'Ann Other');
    await user.type(screen.getByLabelText('Phone'), '+1 555-123 4567');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      name: 'Ann Other',
      phone_number: '+15551234567',
    });
    expect(screen.getByLabelText('Phone')).toHaveValue('+15551234567');
  });

  it('disables name and e-mail for a single sign-on user and never sends them', async () => {
    const sso = makeSessionUser({ status: 'EXTERNAL_PROVIDER', mfa_method: 'SOFTWARE_TOKEN_MFA' });
    const { user, calls } = renderAccountPage(sso, {
      'PATCH /account': (call) => ({ body: { ...sso, ...(call.body as object) } }),
    });
    expect(await screen.findByLabelText('Name')).toBeDisabled();
    expect(screen.getByLabelText('E-mail')).toBeDisabled();
    expect(
      screen.getByText('Your name and e-mail address are managed by your single sign-on provider.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone'), '+1 555 123 4567');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ phone_number: '+15551234567' });
    // SSO accounts have no password here and cannot turn MFA off.
    expect(screen.queryByRole('region', { name: 'Change Password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable MFA' })).not.toBeInTheDocument();
  });

  it('shows the error of a failed save', async () => {
    const { user } = renderAccountPage(makeSessionUser(), {
      'PATCH /account': { status: 400, body: { message: 'Locale must look like en-US', error_code: 'X' } },
    });
    await user.type(await screen.findByLabelText('Phone'), '+1 555 123 4567');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await within(profile()).findByRole('alert')).toHaveTextContent('Locale must look like en-US');
  });

  it('shows the current picture and previews an upload before saving it', async () => {
    stubObjectUrls();
    const ann = makeSessionUser({ picture: '/v1/users/u1/picture?v=1' });
    const { user, calls } = renderAccountPage(ann, {
      'GET /users/u1/picture': { body: 'png-bytes' },
      'PUT /account/picture': { body: { ...ann, picture: '/v1/users/u1/picture?v=2' } },
      'GET /users/u1/picture?v=2': { body: 'png-bytes' },
    });
    expect(await screen.findByRole('img', { name: 'Profile picture' })).toBeInTheDocument();
    const pictureCall = calls.find((call) => call.path === '/users/u1/picture');
    expect(pictureCall?.headers.Authorization).toBe('Bearer token');

    // The file dialog offers PNG and JPEG only; a drop or another picker may still hand over anything.
    await userEvent
      .setup({ applyAccept: false })
      .upload(screen.getByLabelText('Upload Picture'), new File(['gif'], 'me.gif', { type: 'image/gif' }));
    expect(await screen.findByText('The picture must be a PNG or JPEG image.')).toBeInTheDocument();

    const png = new File(['png'], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload Picture'), png);
    expect(await screen.findByRole('img', { name: 'Picture preview' })).toHaveAttribute(
      'src',
      'blob:image/png',
    );
    await user.click(screen.getByRole('button', { name: 'Save Picture' }));

    expect(await screen.findByText('Profile picture saved.')).toBeInTheDocument();
    const upload = calls.find((call) => call.method === 'PUT');
    expect(upload?.headers['Content-Type']).toBe('image/png');
    await waitFor(() =>
      expect(screen.queryByRole('img', { name: 'Picture preview' })).not.toBeInTheDocument(),
    );
  });
});
