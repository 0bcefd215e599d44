import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store';
import { makeAuthInfo, makeOrg, makeSessionUser } from '../../../testing/data-generators';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { AuthPage } from './auth-page';

const expires = new Date(Date.now() + 3600_000).toISOString();
const authInfo = (exists: boolean) => makeAuthInfo({ user_exists: exists });
const sessionUser = makeSessionUser({ email: 'ann@example.com' });
const token = { access_token: 'tok', expires_at: expires, refresh_token: 'ref' };

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
      'POST /auth/sign-in': { body: token },
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
  it('asks for the TOTP code after the password and signs in with it', async () => {
    const org = makeOrg();
    const calls = mockApi({
      'GET /auth-info': { body: authInfo(true) },
      'POST /auth/sign-in': { body: { challenge_name: 'SOFTWARE_TOKEN_MFA', session: 'mfa-1' } },
      'POST /auth/sign-in/totp': { body: token },
      'GET /auth/session': { body: { user: sessionUser, expires_at: expires } },
      'GET /orgs': { body: { orgs: [org], pagination_token: null } },
    });
    const { user } = renderWithProviders(null, { routes, url: '/auth/login' });
    await user.type(await screen.findByLabelText('E-mail'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'TOTP Login' })).toBeInTheDocument();
    expect(
      screen.getByText('Please enter the TOTP code from your authentication app to continue.'),
    ).toBeInTheDocument();
    const proceed = screen.getByRole('button', { name: 'Continue' });
    await user.type(screen.getByLabelText('TOTP Code'), '12345');
    expect(proceed).toBeDisabled();
    await user.type(screen.getByLabelText('TOTP Code'), '6');
    await waitFor(() => expect(proceed).toBeEnabled());
    await user.click(proceed);

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/auth/sign-in/totp')?.body).toEqual({
      session: 'mfa-1',
      code: '123456',
    });
  });

  it('starts over at the e-mail when the MFA session has expired', async () => {
    mockApi({
      'GET /auth-info': { body: authInfo(true) },
      'POST /auth/sign-in': { body: { challenge_name: 'SOFTWARE_TOKEN_MFA', session: 'mfa-1' } },
      'POST /auth/sign-in/totp': {
        status: 400,
        body: {
          message: 'Invalid session for the user, session is expired.',
          error_code: 'NotAuthorizedException',
        },
      },
    });
    const { user } = renderWithProviders(null, { routes, url: '/auth/login' });
    await user.type(await screen.findByLabelText('E-mail'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByLabelText('TOTP Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'User Login' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid session for the user, session is expired.');
  });

  it('names a challenge it cannot answer', async () => {
    mockApi({
      'GET /auth-info': { body: authInfo(true) },
      'POST /auth/sign-in': { body: { challenge_name: 'NEW_PASSWORD_REQUIRED', session: 's' } },
    });
    const { user } = renderWithProviders(null, { routes, url: '/auth/login' });
    await user.type(await screen.findByLabelText('E-mail'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Unhandled Cognito Challenge: NEW_PASSWORD_REQUIRED')).toBeInTheDocument();
  });

  it('resets a forgotten password and signs in with the new one', async () => {
    const org = makeOrg();
    const calls = mockApi({
      'GET /auth-info': { body: authInfo(true) },
      'POST /auth/forgot-password': { body: { ok: true } },
      'POST /auth/reset-password': { body: { ok: true } },
      'POST /auth/sign-in': { body: token },
      'GET /auth/session': { body: { user: sessionUser, expires_at: expires } },
      'GET /orgs': { body: { orgs: [org], pagination_token: null } },
    });
    const { user } = renderWithProviders(null, { routes, url: '/auth/login' });
    await user.type(await screen.findByLabelText('E-mail'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'I Forgot My Password' }));

    const update = await screen.findByRole('button', { name: 'Update Password' });
    await user.type(screen.getByLabelText('Reset Code'), '123');
    await user.type(screen.getByLabelText('New Password'), 'new-password');
    await user.type(screen.getByLabelText('Confirm Password'), 'other-password');
    await user.click(update);
    expect(await screen.findByText('Reset Code needs to be longer')).toBeInTheDocument();
    expect(screen.getByText('Passwords don`t match')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Reset Code'));
    await user.type(screen.getByLabelText('Reset Code'), '123456');
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'new-password');
    await user.click(update);

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/auth/reset-password')?.body).toEqual({
      email: 'ann@example.com',
      code: '123456',
      password: 'new-password',
    });
    expect(calls.find((call) => call.path === '/auth/sign-in')?.body).toEqual({
      email: 'ann@example.com',
      password: 'new-password',
    });
  });
  it('sends an SSO domain to its provider', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockApi({
      'GET /auth-info': {
        body: makeAuthInfo({
          identity_provider: 'acme',
          sso_providers: [{ provider_name: 'acme', label: 'Acme Identity' }],
        }),
      },
      'GET /auth/sso/acme/authorize': { body: { authorization_url: 'https://idp.example/authorize?x=1' } },
    });
    const { user } = renderWithProviders(null, { routes, url: '/auth/login?redirect=%2Fdevices' });
    await user.type(await screen.findByLabelText('E-mail'), 'jane@acme.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'SSO Login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel SSO Login' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Acme Identity' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example/authorize?x=1'));
    expect(sessionStorage.getItem('ec.ssoRedirect')).toBe('/devices');
  });

  it('finishes single sign-on from the provider return and follows the saved redirect', async () => {
    sessionStorage.setItem('ec.ssoRedirect', '/devices');
    const org = makeOrg();
    const calls = mockApi({
      'POST /auth/sso/complete': { body: token },
      'GET /auth/session': { body: { user: sessionUser, expires_at: expires } },
      'GET /orgs': { body: { orgs: [org], pagination_token: null } },
    });
    const { router } = renderWithProviders(null, {
      routes,
      url: '/auth/oauth_complete?code=c1&state=s1&iss=https%3A%2F%2Fidp.example',
    });
    expect(await screen.findByRole('heading', { name: 'Devices page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/devices');
    expect(calls.find((call) => call.path === '/auth/sso/complete')?.body).toEqual({
      code: 'c1',
      state: 's1',
      iss: 'https://idp.example',
    });
  });

  it('logs out on a provider return without state', async () => {
    sessionStore.setToken(token);
    const calls = mockApi({});
    renderWithProviders(null, { routes, url: '/auth/oauth_complete?code=c1' });
    expect(await screen.findByRole('heading', { name: 'User Login' })).toBeInTheDocument();
    expect(sessionStore.getState().accessToken).toBeNull();
    expect(calls.filter((call) => call.path === '/auth/sso/complete')).toHaveLength(0);
  });
  it('offers the single sign-on providers on sign-up once the agreement is checked', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockApi({
      'GET /auth-info': {
        body: makeAuthInfo({
          user_exists: false,
          sso_providers: [{ provider_name: 'acme', label: 'Acme Identity' }],
        }),
      },
      'GET /auth/sso/acme/authorize': { body: { authorization_url: 'https://idp.example/authorize' } },
    });
    const { user } = renderWithProviders(null, { routes, url: '/auth/login' });
    await user.type(await screen.findByLabelText('E-mail'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const sso = await screen.findByRole('button', { name: 'Sign up with Acme Identity' });
    expect(sso).toBeDisabled();
    await user.click(
      screen.getByRole('checkbox', {
        name: 'I agree to the Terms of the Cloud Services Agreement as defined.',
      }),
    );
    await user.click(sso);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example/authorize'));
  });
});
