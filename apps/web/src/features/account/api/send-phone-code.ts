import { accountOperations } from '@ec/contract/account';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';

/** POST /account/phone/code: a code texted to the profile's phone, at most once per 30 s (429 sooner). */
export const sendPhoneCode = () => callOperation(accountOperations.sendPhoneCode);

export const useSendPhoneCode = () => useMutation({ mutationFn: sendPhoneCode });
