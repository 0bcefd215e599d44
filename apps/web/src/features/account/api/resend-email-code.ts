import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** POST /account/email/resend: the code again, at most once per 30 s (429 sooner). */
export const resendEmailCode = () => api.post('/account/email/resend', z.object({ ok: z.literal(true) }));

export const useResendEmailCode = () => useMutation({ mutationFn: resendEmailCode });
