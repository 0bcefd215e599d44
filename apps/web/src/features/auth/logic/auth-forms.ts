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

/** A zod refinement: the `confirmation` field repeats the `password` field ('Passwords don`t match'). */
export const confirms = <P extends string, C extends string>(
  password: P,
  confirmation: C,
): [(form: Record<P | C, string>) => boolean, { path: PropertyKey[]; message: string }] => [
  (form) => form[password] === form[confirmation],
  { path: [confirmation], message: PASSWORDS_DONT_MATCH },
];

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
