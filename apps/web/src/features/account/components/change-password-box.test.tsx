import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSessionUser } from '../../../testing/data-generators';
import { renderAccountPage, sent } from '../testing/account-fixtures';

describe('ChangePasswordBox', () => {
  it('checks each field, then changes the password', async () => {
    const { user, calls } = renderAccountPage(makeSessionUser(), {
      'POST /account/password': { body: { ok: true } },
    });
    const box = await screen.findByRole('region', { name: 'Change Password' });
    const submit = within(box).getByRole('button', { name: 'Change Password' });
    await user.click(submit);
    expect(await within(box).findAllByText('Password is required')).toHaveLength(3);

    await user.type(within(box).getByLabelText('Current Password'), 'short');
    await user.type(within(box).getByLabelText('New Password'), 'new password 1');
    await user.type(within(box).getByLabelText('Confirm Password'), 'new password 2');
    await user.click(submit);
    expect(await within(box).findByText('Password needs to be longer')).toBeInTheDocument();
    expect(within(box).getByText('Passwords don`t match')).toBeInTheDocument();
    expect(sent(calls)).toEqual([]);

    await user.clear(within(box).getByLabelText('Current Password'));
    await user.type(within(box).getByLabelText('Current Password'), 'old password');
    await user.clear(within(box).getByLabelText('Confirm Password'));
    await user.type(within(box).getByLabelText('Confirm Password'), 'new password 1');
    await user.click(submit);

    expect(await screen.findByText('Password changed successfully.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/account/password')?.body).toEqual({
      current_password: 'old password',
      new_password: 'new password 1',
    });
    expect(within(box).getByLabelText('Current Password')).toHaveValue('');
  });

  it('shows a wrong current password', async () => {
    const { user } = renderAccountPage(makeSessionUser(), {
      'POST /account/password': {
        status: 400,
        body: { message: 'Incorrect password.', error_code: 'NotAuthorizedException' },
      },
    });
    const box = await screen.findByRole('region', { name: 'Change Password' });
    await user.type(within(box).getByLabelText('Current Password'), 'wrong password');
    await user.type(within(box).getByLabelText('New Password'), 'new password 1');
    await user.type(within(box).getByLabelText('Confirm Password'), 'new password 1');
    await user.click(within(box).getByRole('button', { name: 'Change Password' }));
    expect(await within(box).findByRole('alert')).toHaveTextContent('Incorrect password.');
    expect(screen.queryByText('Password changed successfully.')).not.toBeInTheDocument();
  });
});
