import {
  AUTH_ERRORS,
  type AuthInfo,
  EXPIRED_MFA_SESSION_MESSAGE,
  type SessionToken,
  type SignInResponse,
  TOTP_CHALLENGE,
} from '@ec/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { errorCodeOf, parseErrorText } from '../../../lib/api-error';
import { useIsLoggedIn } from '../../../lib/session/session-store';
import { clearLocalSession } from '../../../lib/session/sign-out';
import { useAnswerTotp } from '../api/answer-totp';
import { useAuthInfoLookup } from '../api/get-auth-info';
import { useRequestPasswordReset, useResetPassword } from '../api/reset-password';
import { type Credentials, signIn, useSignIn } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import { completeSingleSignOn, takeSsoRedirect, useStartSingleSignOn } from '../api/single-sign-on';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { useConfirmationWatch } from '../hooks/use-confirmation-watch';
import {
  type AuthNavigationState,
  type AuthStage,
  stageAfterLookup,
  USER_EXISTS_SUFFIX,
  unhandledChallenge,
} from '../logic/auth-stages';
import { CaptureEmailStage } from './capture-email-stage';
import { ProcessingStage } from './processing-stage';
import type { SignUpValues } from './signup-stage';

// The login page's first screen comes with the page; every other stage loads when it is reached, so
// /login does without the form library and sign-up's selects.
const loadPasswordStage = () => import('./password-stage');
const PasswordStage = lazy(() => loadPasswordStage().then((m) => ({ default: m.PasswordStage })));
const ConfirmAccount = lazy(() => import('./confirm-account').then((m) => ({ default: m.ConfirmAccount })));
const EmailConfirmationStage = lazy(() =>
  import('./email-confirmation-stage').then((m) => ({ default: m.EmailConfirmationStage })),
);
const ForgotPasswordStage = lazy(() =>
  import('./forgot-password-stage').then((m) => ({ default: m.ForgotPasswordStage })),
);
const SignUpStage = lazy(() => import('./signup-stage').then((m) => ({ default: m.SignUpStage })));
const SsoStage = lazy(() => import('./sso-stage').then((m) => ({ default: m.SsoStage })));
const TotpStage = lazy(() => import('./totp-stage').then((m) => ({ default: m.TotpStage })));

/**
 * The authentication page: /auth, /login, /signup and /auth/{action} (spec 1 §2.3). The action picks
 * the flow; each navigation starts that flow afresh from the state it was handed.
 */
export function AuthPage() {
  const { action } = useParams();
  const location = useLocation();
  const routeAction = action ?? (location.pathname.startsWith('/signup') ? 'signup' : 'login');
  return (
    <Suspense fallback={<ProcessingStage />}>
      {routeAction === 'confirm' ? (
        <ConfirmAccount />
      ) : (
        <AuthFlow
          key={location.key}
          mode={routeAction === 'signup' ? 'signup' : 'login'}
          action={routeAction}
        />
      )}
    </Suspense>
  );
}

function AuthFlow({ mode, action }: { mode: 'login' | 'signup'; action: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const redirect = search.get('redirect');
  const loggedIn = useIsLoggedIn();
  const handed = (location.state ?? {}) as AuthNavigationState;

  const [stage, setStage] = useState<AuthStage>(
    () => handed.stage ?? (mode === 'signup' ? 'signup' : loggedIn ? 'processing' : 'capture_email'),
  );
  const [email, setEmail] = useState(handed.email ?? search.get('email') ?? '');
  const [error, setError] = useState<string | null>(handed.error ?? null);
  const [ssoProviders, setSsoProviders] = useState<AuthInfo['sso_providers']>(handed.ssoProviders ?? []);
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [mfaSession, setMfaSession] = useState<string | null>(null);

  const lookup = useAuthInfoLookup();
  const signInMutation = useSignIn();
  const signUpMutation = useSignUp();
  const totpMutation = useAnswerTotp();
  const startSso = useStartSingleSignOn();
  const requestReset = useRequestPasswordReset();
  const resetMutation = useResetPassword();
  const completeSignIn = useCompleteSignIn(redirect);

  const go = (next: AuthStage, message: string | null = null) => {
    setError(message);
    setStage(next);
  };

  const complete = useCallback(
    async (token?: SessionToken, target: string | null = redirect) => {
      setError(null);
      setStage('processing');
      try {
        await completeSignIn(token, target);
      } catch (failure) {
        setError(parseErrorText(failure));
        setStage('capture_email');
      }
    },
    [completeSignIn, redirect],
  );

  // The return from a single sign-on provider needs both code and state, or the user is logged out
  // (spec 1 §4.1 item 7). A signed-in visitor of the login page continues where a sign-in would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the flow's first render
  useEffect(() => {
    if (action === 'oauth_complete') {
      const code = search.get('code');
      const state = search.get('state');
      const ssoRedirect = takeSsoRedirect();
      clearLocalSession(queryClient);
      if (!code || !state) {
        setStage('capture_email');
        setError(search.get('error_description') ?? search.get('error'));
        return;
      }
      setStage('processing');
      completeSingleSignOn({ code, state, iss: search.get('iss') ?? undefined })
        .then((token) => complete(token, ssoRedirect))
        .catch((failure: unknown) => go('capture_email', parseErrorText(failure)));
    } else if (stage === 'processing' && loggedIn && !handed.stage) {
      void complete();
    }
  }, []);

  const onConfirmationError = useCallback((message: string) => setError(message), []);
  useConfirmationWatch(stage === 'email_confirmation' ? credentials : null, complete, onConfirmationError);

  const onEmail = async (value: string) => {
    setEmail(value);
    setError(null);
    // Most e-mails lead to the password: its stage loads while the e-mail is looked up.
    void loadPasswordStage();
    try {
      const info = await lookup.mutateAsync(value);
      const next = stageAfterLookup(info);
      if (next === 'signup') {
        navigate(paths.auth.signup.getHref(redirect), {
          state: { email: value, ssoProviders: info.sso_providers } satisfies AuthNavigationState,
        });
      } else {
        setSsoProviders(info.sso_providers);
        go(next);
      }
    } catch (failure) {
      setError(parseErrorText(failure));
    }
  };

  /** A session completes the sign-in; a TOTP challenge asks for the code; others cannot be answered. */
  const afterSignIn = async (answer: SignInResponse) => {
    if ('access_token' in answer) return complete(answer);
    if (answer.challenge_name !== TOTP_CHALLENGE) return setError(unhandledChallenge(answer.challenge_name));
    setMfaSession(answer.session);
    go('totp_confirmation');
  };

  const onTotp = async (code: string) => {
    setError(null);
    try {
      await complete(await totpMutation.mutateAsync({ session: mfaSession ?? '', code }));
    } catch (failure) {
      const message = parseErrorText(failure);
      // An expired MFA session starts over at the e-mail (spec 1 §4.1 item 10).
      if (message === EXPIRED_MFA_SESSION_MESSAGE) {
        setMfaSession(null);
        go('capture_email', message);
      } else {
        setError(message);
      }
    }
  };

  const onForgotPassword = async () => {
    setError(null);
    try {
      await requestReset.mutateAsync(email);
      go('forgot_password');
    } catch (failure) {
      setError(parseErrorText(failure));
    }
  };

  /** Sets the new password, then signs in with it (spec 1 §4.1 item 9). */
  const onResetPassword = async (values: { code: string; password: string }) => {
    setError(null);
    try {
      await resetMutation.mutateAsync({ email, code: values.code, password: values.password });
      await afterSignIn(await signIn({ email, password: values.password }));
    } catch (failure) {
      setError(parseErrorText(failure));
    }
  };

  const onPassword = async (entered: Credentials) => {
    setError(null);
    try {
      await afterSignIn(await signInMutation.mutateAsync(entered));
    } catch (failure) {
      if (errorCodeOf(failure) === AUTH_ERRORS.notConfirmed) {
        setCredentials(entered);
        setEmail(entered.email);
        go('email_confirmation');
      } else {
        setError(parseErrorText(failure));
      }
    }
  };

  const onSignUp = async (values: SignUpValues) => {
    setError(null);
    const entered = { email: values.email, password: values.password };
    try {
      const created = await signUpMutation.mutateAsync(values);
      setEmail(values.email);
      setCredentials(entered);
      if (!created.user_confirmed) {
        go('email_confirmation');
        return;
      }
      await afterSignIn(await signIn(entered));
    } catch (failure) {
      const code = errorCodeOf(failure);
      if (code === AUTH_ERRORS.usernameExists) {
        navigate(paths.auth.login.getHref(redirect), {
          state: {
            email: values.email,
            stage: 'auth_password',
            error: `${parseErrorText(failure)}${USER_EXISTS_SUFFIX}`,
          } satisfies AuthNavigationState,
        });
      } else if (code === AUTH_ERRORS.notConfirmed) {
        setCredentials(entered);
        go('email_confirmation');
      } else {
        setError(parseErrorText(failure));
      }
    }
  };

  const toLogin = () =>
    navigate(paths.auth.login.getHref(redirect), { state: { email } satisfies AuthNavigationState });

  switch (stage) {
    case 'processing':
      return <ProcessingStage />;
    case 'sso':
      return (
        <SsoStage
          providers={ssoProviders}
          email={email}
          redirect={redirect}
          onCancel={() => go('capture_email')}
        />
      );
    case 'auth_password':
      return (
        <PasswordStage
          email={email}
          error={error}
          busy={signInMutation.isPending}
          onSubmit={onPassword}
          onForgotPassword={onForgotPassword}
          forgotBusy={requestReset.isPending}
          onUseDifferentEmail={() => go('capture_email')}
        />
      );
    case 'totp_confirmation':
      return (
        <TotpStage
          error={error}
          busy={totpMutation.isPending}
          onSubmit={onTotp}
          onCancel={() => {
            setMfaSession(null);
            go('capture_email');
          }}
        />
      );
    case 'forgot_password':
      return (
        <ForgotPasswordStage
          email={email}
          error={error}
          busy={resetMutation.isPending}
          onSubmit={onResetPassword}
          onCancel={() => go('auth_password')}
        />
      );
    case 'signup':
      return (
        <SignUpStage
          email={email}
          error={error}
          busy={signUpMutation.isPending}
          onSubmit={onSignUp}
          onCancel={toLogin}
          ssoProviders={ssoProviders}
          ssoBusy={startSso.isPending}
          onSso={(provider) =>
            startSso.mutate(
              { provider, redirect },
              { onError: (failure) => setError(parseErrorText(failure)) },
            )
          }
        />
      );
    case 'email_confirmation':
      return (
        <EmailConfirmationStage
          email={email}
          error={error}
          onCancel={() => {
            setCredentials(null);
            if (mode === 'signup') toLogin();
            else go('capture_email');
          }}
        />
      );
    default:
      return <CaptureEmailStage email={email} error={error} busy={lookup.isPending} onSubmit={onEmail} />;
  }
}
