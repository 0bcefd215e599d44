import { accountOperations } from '@ec/contract/account';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';

/** POST /account/totp → {secret, otpauth_uri}: not active until a code from the app is verified. */
export const setUpTotp = () => callOperation(accountOperations.setUpTotp);

export const useSetUpTotp = () => useMutation({ mutationFn: setUpTotp });
