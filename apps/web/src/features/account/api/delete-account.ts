import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** DELETE /account {reason}: the account, its sessions, tokens and files are gone. */
export const deleteAccount = (reason: string) =>
  api.delete('/account', z.object({ ok: z.literal(true) }), { body: { reason } });

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
