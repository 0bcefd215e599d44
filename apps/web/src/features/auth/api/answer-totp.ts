import { authOperations } from '@ec/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';

/** POST /auth/sign-in/totp: answers the SOFTWARE_TOKEN_MFA challenge with a code from the app. */
export const answerTotp = (body: { session: string; code: string }) =>
  callOperation(authOperations.answerTotp, { body });

export const useAnswerTotp = () => useMutation({ mutationFn: answerTotp });
