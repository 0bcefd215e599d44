import { AUTH_ERRORS, type SessionToken } from '@ec/contract/auth';
import { useEffect } from 'react';
import { errorCodeOf, parseErrorText } from '../../../lib/api-error';
import { type Credentials, signIn } from '../api/sign-in';

export const CONFIRMATION_RECHECK_MS = 5000;

/**
 * While the account waits for confirmation, retry the sign-in every 5 s with the remembered
 * credentials (spec 1 §4.1 item 5, §9); the first success hands over the session.
 */
export function useConfirmationWatch(
  credentials: Credentials | null,
  onSignedIn: (token: SessionToken) => void,
  onError: (message: string) => void,
) {
  useEffect(() => {
    if (!credentials) return;
    let stopped = false;
    let busy = false;
    const timer = setInterval(async () => {
      if (busy) return;
      busy = true;
      try {
        const answer = await signIn(credentials);
        if (!stopped && 'access_token' in answer) {
          stopped = true;
          clearInterval(timer);
          onSignedIn(answer);
        }
      } catch (error) {
        if (!stopped && errorCodeOf(error) !== AUTH_ERRORS.notConfirmed) onError(parseErrorText(error));
      } finally {
        busy = false;
      }
    }, CONFIRMATION_RECHECK_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [credentials, onSignedIn, onError]);
}
