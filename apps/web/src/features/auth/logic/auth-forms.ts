import {
  emailSchema,
  localeSchema,
  nameSchema,
  passwordSchema,
  resetCodeSchema,
  timezoneSchema,
  totpCodeSchema,
} from '@ec/contract/auth';
import { z } from 'zod';
import { confirms } from '../../../lib/password-confirmation';

/** Form schemas of the authentication page, composed from the contract's field rules (spec 1 §5). */
export const captureEmailFormSchema = z.object({ email: emailSchema });

export const passwordFormSchema = z.object({ email: emailSchema, password: passwordSchema });

export const MUST_AGREE = 'You must agree to continue!';

export const signUpFormSchema = z
  .object({
    agree: z.boolean().refine((value) => value, MUST_AGREE),
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: passwordSchema,
    locale: localeSchema,
    timezone: timezoneSchema,
  })
  .refine(...confirms('password', 'confirmPassword'));
export type SignUpForm = z.input<typeof signUpFormSchema>;

export const totpFormSchema = z.object({ code: totpCodeSchema });

export const resetPasswordFormSchema = z
  .object({ code: resetCodeSchema, password: passwordSchema, confirmPassword: passwordSchema })
  .refine(...confirms('password', 'confirmPassword'));
export type ResetPasswordForm = z.output<typeof resetPasswordFormSchema>;
