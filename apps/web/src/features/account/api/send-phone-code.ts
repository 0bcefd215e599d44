import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** POST /account/phone/code: a code texted to the profile's phone, at most once per 30 s (429 sooner). */
export const sendPhoneCode = () => api.post('/account/phone/code', z.object({ ok: z.literal(true) }));

export const useSendPhoneCode = () => useMutation({ mutationFn: sendPhoneCode });
