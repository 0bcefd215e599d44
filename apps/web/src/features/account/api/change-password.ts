import { accountOperations, type changePasswordBodySchema } from '@ec/contract/account';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callOperation } from '../../../lib/api-client';

/** POST /account/password {current_password, new_password}; the account's other sessions end. */
export const changePassword = (body: z.input<typeof changePasswordBodySchema>) =>
  callOperation(accountOperations.changePassword, { body });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
