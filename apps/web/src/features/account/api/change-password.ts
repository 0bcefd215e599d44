import type { changePasswordBodySchema } from '@ec/contract/account';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** POST /account/password {current_password, new_password}; the account's other sessions end. */
export const changePassword = (body: z.input<typeof changePasswordBodySchema>) =>
  api.post('/account/password', z.object({ ok: z.literal(true) }), { body });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
