import { z } from 'zod';
import {
  codeSchema,
  currentPasswordSchema,
  emailSchema,
  localeSchema,
  nameSchema,
  passwordSchema,
  phoneSchema,
  timezoneSchema,
} from './auth.ts';
import { inputText, TEXT_LIMITS } from './common.ts';

/**
 * The signed-in user's own account (spec 1 §2.5, §4.4): profile, e-mail change, phone verification,
 * password, MFA, deletion.
 */

export const updateProfileBodySchema = z
  .object({
    name: nameSchema,
    /** Empty clears the phone number. */
    phone_number: z.union([z.literal(''), phoneSchema]).nullable(),
    locale: localeSchema,
    zoneinfo: timezoneSchema,
  })
  .partial();

export const changeEmailBodySchema = z.object({ email: emailSchema });
/** A code sent to verify a new e-mail address or the profile's phone number (6 digits). */
export const verificationCodeBodySchema = z.object({ code: codeSchema });

export const changePasswordBodySchema = z.object({
  current_password: currentPasswordSchema,
  new_password: passwordSchema,
});

export const deleteAccountBodySchema = z.object({
  reason: inputText(TEXT_LIMITS.long, { error: 'Reason is required' }).trim().min(1, 'Reason is required'),
});

/** Profile pictures: PNG or JPEG up to 1 MiB, stored as profile.png in the file store. */
export const PROFILE_PICTURE_MAX_BYTES = 1024 * 1024;
export const PROFILE_PICTURE_TYPES = ['image/png', 'image/jpeg'] as const;

export const ACCOUNT_MESSAGES = {
  totpEnabled: 'Enabled TOTP successfully.',
  passwordChanged: 'Password changed successfully.',
  mfaDisabled: 'Disabled MFA successfully.',
  resendWait: 'Please Wait Before Resending the Verification Code',
} as const;
