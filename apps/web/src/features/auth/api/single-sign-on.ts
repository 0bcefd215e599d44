import { ssoOperations } from '@ec/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';

/** Where the browser returns after the provider; kept for the round trip through its sign-in page. */
const REDIRECT_KEY = 'ec.ssoRedirect';

/** GET /auth/sso/{provider}/authorize, then off to the provider's sign-in page (oauth_in_progress). */
export async function startSingleSignOn(input: {
  provider: string;
  email?: string;
  redirect: string | null;
}) {
  const { authorization_url } = await callOperation(ssoOperations.authorize, {
    params: { provider: input.provider },
    query: { email: input.email },
  });
  if (input.redirect) sessionStorage.setItem(REDIRECT_KEY, input.redirect);
  else sessionStorage.removeItem(REDIRECT_KEY);
  window.location.assign(authorization_url);
}

/** The redirect stored before leaving for the provider, read once. */
export function takeSsoRedirect(): string | null {
  const redirect = sessionStorage.getItem(REDIRECT_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
  return redirect;
}

/** POST /auth/sso/complete with what the provider returned (code, state and iss). */
export const completeSingleSignOn = (returned: { code: string; state: string; iss?: string }) =>
  callOperation(ssoOperations.complete, { body: returned });

export const useStartSingleSignOn = () => useMutation({ mutationFn: startSingleSignOn });
