import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store';
import { makeOrg } from '../../../testing/data-generators';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { AuthPage } from './auth-page';

const expires = new Date(Date.now() + 3600_000).toISOString();
const authInfo = (exists: boolean) => ({
  sso_providers: [],
  cognito_region: null,
  cognito_user_pool_id: null,
  cognito_user_pool_domain: null,
  client_id: null,
  cognito_identity_pool_id: null,
  oauth_scope: null,
  oauth_response_type: null,
  profile_picture_bucket: null,
  iot_endpoint: null,
  user_exists: exists,
  identity_provider: 'builtin',
});
const sessionUser = {
  user_guid: 'u1',
  name: 'Ann',
  email: 'ann@example.com',
  email_verified: true,
  phone_number: null,
  locale: 'en-US',
  zoneinfo: 'UTC',
  status: 'CONFIRMED',
  groups: [],
};

const routes = [
  { path: '/auth', element: <AuthPage /> },
  { path: '/auth/:action', element: <AuthPage /> },
  { path: '/dashboard', element: <h1>Dashboard page</h1> },
  { path: '/devices', element: <h1>Devices page</h1> },
];

describe('AuthPage', () => {
  it('signs an existing user in and follows the redirect', async () => {
    const org = makeOrg();
    const calls = mockApi({
      'GET /auth-info': { body: authInfo(true) },
      'POST /auth/sign-in': { body: { access_token: 'tok', expires_at: expires } },
      'GET /auth/session': { body: { user: sessionUser, expires_at: expires } },
      'GET /orgs': { body: { orgs: [org], pagination_token: null } },
    });
    const { user, router } = renderWithProviders(null, { routes, url: '/auth/login?redirect=%2Fdevices' });

    expect(await screen.findByRole('heading', { name: 'User Login' })).toBeInTheDocument();
    expect(
      screen.getByText('Welcome, please enter your company email address to continue.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'Ann@Example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Standard Login' })).toBeInTheDocument();
    expect(calls[0]?.search.get('email')).toBe('ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Password needs to be longer')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Devices page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/devices');
    expect(sessionStore.getState()).toMatchObject({ accessToken: 'tok', orgGuid: org.org_guid });
  });

  it('offers sign-up to an unknown e-mail and waits for the confirmation', async () => {
    mockApi({
      'GET /auth-info': { body: authInfo(false) },
      'POST /auth/sign-up': { status: 201, body: { user_guid: 'u2', user_confirmed: false } },
    });
    const { user, router } = renderWithProviders(null, { routes, url: '/auth/login' });
    await user.type(await screen.findByLabelText('E-mail'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Create New Account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/signup');
    expect(screen.getByLabelText('E-mail')).toHaveValue('new@example.com');
    const create = screen.getByRole('button', { name: 'Create Account' });
    expect(create).toBeDisabled();
    expect(screen.getByText('You must agree to continue!')).toBeInTheDocument();

    await user.click(
      screen.getByRole('checkbox', {
        name: 'I agree to the Terms of the Cloud Services Agreement as defined.',
      }),
    );
    await user.type(screen.getByLabelText('Full Name'), 'New User');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.type(screen.getByLabelText('Confirm Password'), 'password2');
    await user.click(create);
    expect(await screen.findByText('Passwords don`t match')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'password1');
    await user.click(create);
    expect(
      await screen.findByRole('heading', { name: 'Please confirm your account...' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-send Confirmation' })).toBeInTheDocument();
  });

  it('explains an existing account on sign-up and goes to the login', async () => {
    mockApi({
      'POST /auth/sign-up': {
        status: 400,
        body: {
          message: 'An account with the given email already exists.',
          error_code: 'UsernameExistsException',
        },
      },
    });
    const { user, router } = renderWithProviders(null, { routes, url: '/auth/signup' });
    await user.click(
      await screen.findByRole('checkbox', {
        name: 'I agree to the Terms of the Cloud Services Agreement as defined.',
      }),
    );
    await user.type(screen.getByLabelText('Full Name'), 'Ann');
    await user.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.type(screen.getByLabelText('Confirm Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(
      await screen.findByText(
        'An account with the given email already exists. Please try logging in instead',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Standard Login' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });

  it('moves an unconfirmed account to the confirmation stage', async () => {
    mockApi({
      'POST /auth/sign-in': {
        status: 400,
        body: { message: 'User is not confirmed.', error_code: 'UserNotConfirmedException' },
      },
      'GET /auth-info': { body: authInfo(true) },
    });
    const { user } = renderWithProviders(null, { routes, url: '/auth/login' });
    await user.type(await screen.findByLabelText('E-mail'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(
      await screen.findByRole('heading', { name: 'Please confirm your account...' }),
    ).toBeInTheDocument();
  });

  it('confirms an account from the e-mailed link', async () => {
    const calls = mockApi({ 'POST /auth/confirm-sign-up': { body: { ok: true } } });
    renderWithProviders(null, { routes, url: '/auth/confirm?email=ann%40example.com&code=123456' });
    expect(
      await screen.findByText('Your account has been confirmed. You can sign in now.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/auth/confirm-sign-up')).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ email: 'ann@example.com', code: '123456' });
  });
});
