import { accountOperations } from '@ec/contract/account';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';

/** DELETE /account {reason}: the account, its sessions, tokens and files are gone. */
export const deleteAccount = (reason: string) =>
  callOperation(accountOperations.delete, { body: { reason } });

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
