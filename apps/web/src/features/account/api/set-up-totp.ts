import { totpSetupSchema } from '@ec/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /account/totp → {secret, otpauth_uri}: not active until a code from the app is verified. */
export const setUpTotp = () => api.post('/account/totp', totpSetupSchema);

export const useSetUpTotp = () => useMutation({ mutationFn: setUpTotp });
