import { AUTH_ERRORS, type AuthInfo, type SessionToken } from '@ec/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { errorCodeOf, parseErrorText } from '../../../lib/api-error';
import { useIsLoggedIn } from '../../../lib/session/session-store';
import { clearLocalSession } from '../../../lib/session/sign-out';
import { useAuthInfoLookup } from '../api/get-auth-info';
import { type Credentials, signIn, useSignIn } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
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
import { ConfirmAccount } from './confirm-account';
import { EmailConfirmationStage } from './email-confirmation-stage';
import { PasswordStage } from './password-stage';
import { ProcessingStage } from './processing-stage';
import { SignUpStage, type SignUpValues } from './signup-stage';
import { SsoStage } from './sso-stage';

/**
 * The authentication page: /auth, /login, /signup and /auth/{action} (spec 1 §2.3). The action picks
 * the flow; each navigation starts that flow afresh from the state it was handed.
 */
export function AuthPage() {
  const { action } = useParams();
  const location = useLocation();
  const routeAction = action ?? (location.pathname.startsWith('/signup') ? 'signup' : 'login');
  if (routeAction === 'confirm') return <ConfirmAccount />;
  return (
    <AuthFlow key={location.key} mode={routeAction === 'signup' ? 'signup' : 'login'} action={routeAction} />
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
  const [ssoProviders, setSsoProviders] = useState<AuthInfo['sso_providers']>([]);
  const [credentials, setCredentials] = useState<Credentials | null>(null);

  const lookup = useAuthInfoLookup();
  const signInMutation = useSignIn();
  const signUpMutation = useSignUp();
  const completeSignIn = useCompleteSignIn(redirect);

  const go = (next: AuthStage, message: string | null = null) => {
    setError(message);
    setStage(next);
  };

  const complete = useCallback(
    async (token?: SessionToken) => {
      setError(null);
      setStage('processing');
      try {
        await completeSignIn(token);
      } catch (failure) {
        setError(parseErrorText(failure));
        setStage('capture_email');
      }
    },
    [completeSignIn],
  );

  // A signed-in visitor of the login page continues where a sign-in would (auth_complete).
  // Federated sign-in is not offered yet, so an oauth_complete return logs out (spec 1 §4.1 item 7).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the flow's first render
  useEffect(() => {
    if (action === 'oauth_complete') {
      clearLocalSession(queryClient);
      setStage('capture_email');
    } else if (stage === 'processing' && loggedIn && !handed.stage) {
      void complete();
    }
  }, []);

  const onConfirmationError = useCallback((message: string) => setError(message), []);
  useConfirmationWatch(stage === 'email_confirmation' ? credentials : null, complete, onConfirmationError);

  const onEmail = async (value: string) => {
    setEmail(value);
    setError(null);
    try {
      const info = await lookup.mutateAsync(value);
      const next = stageAfterLookup(info);
      if (next === 'signup') {
        navigate(paths.auth.signup.getHref(redirect), {
          state: { email: value } satisfies AuthNavigationState,
        });
      } else {
        setSsoProviders(info.sso_providers);
        go(next);
      }
    } catch (failure) {
      setError(parseErrorText(failure));
    }
  };

  const onPassword = async (entered: Credentials) => {
    setError(null);
    try {
      const answer = await signInMutation.mutateAsync(entered);
      if ('access_token' in answer) await complete(answer);
      else setError(unhandledChallenge(answer.challenge_name));
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
      const answer = await signIn(entered);
      if ('access_token' in answer) await complete(answer);
      else setError(unhandledChallenge(answer.challenge_name));
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
      return <SsoStage providers={ssoProviders} onCancel={() => go('capture_email')} />;
    case 'auth_password':
      return (
        <PasswordStage
          email={email}
          error={error}
          busy={signInMutation.isPending}
          onSubmit={onPassword}
          onUseDifferentEmail={() => go('capture_email')}
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
