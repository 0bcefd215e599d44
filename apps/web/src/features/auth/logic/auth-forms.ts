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

/** Form schemas of the authentication page, composed from the contract's field rules (spec 1 §5). */
export const captureEmailFormSchema = z.object({ email: emailSchema });

export const passwordFormSchema = z.object({ email: emailSchema, password: passwordSchema });

export const PASSWORDS_DONT_MATCH = 'Passwords don`t match';
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
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DONT_MATCH,
  });
export type SignUpForm = z.input<typeof signUpFormSchema>;

export const totpFormSchema = z.object({ code: totpCodeSchema });

export const resetPasswordFormSchema = z
  .object({ code: resetCodeSchema, password: passwordSchema, confirmPassword: passwordSchema })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DONT_MATCH,
  });
export type ResetPasswordForm = z.output<typeof resetPasswordFormSchema>;
