import { accountOperations } from '@ec/contract/account';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';

/** POST /account/email/resend: the code again, at most once per 30 s (429 sooner). */
export const resendEmailCode = () => callOperation(accountOperations.resendEmailCode);

export const useResendEmailCode = () => useMutation({ mutationFn: resendEmailCode });
