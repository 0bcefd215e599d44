import { sessionUserSchema } from '@ec/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useStoreSessionUser } from './session-user-cache';

/** PUT /account/picture with the image itself as the body (PNG or JPEG, up to 1 MiB). */
export const uploadPicture = (file: File) => api.put('/account/picture', sessionUserSchema, { file });

export function useUploadPicture() {
  const store = useStoreSessionUser();
  return useMutation({ mutationFn: uploadPicture, onSuccess: store });
}
