import { z } from 'zod';
import {
  codeSchema,
  currentPasswordSchema,
  emailSchema,
  localeSchema,
  nameSchema,
  passwordSchema,
  phoneSchema,
  sessionUserSchema,
  timezoneSchema,
  totpSetupSchema,
  totpVerifyBodySchema,
} from './auth.ts';
import { inputText, okResponseSchema, TEXT_LIMITS } from './common.ts';
import { defineOperation } from './operations.ts';

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

const tags = ['account'];

/**
 * /account's JSON operations; most answer with the updated user. The picture's upload and download
 * are files, not JSON operations: they stay plain routes.
 */
export const accountOperations = {
  updateProfile: defineOperation({
    method: 'PATCH',
    path: '/account',
    summary: 'Update name, phone, locale and timezone',
    tags,
    body: updateProfileBodySchema,
    status: 200,
    response: sessionUserSchema,
  }),
  changeEmail: defineOperation({
    method: 'POST',
    path: '/account/email',
    summary: 'Change the e-mail address: a code is sent to the new one',
    tags,
    body: changeEmailBodySchema,
    status: 200,
    response: sessionUserSchema,
  }),
  resendEmailCode: defineOperation({
    method: 'POST',
    path: '/account/email/resend',
    summary: 'Send the e-mail verification code again (once per 30 s)',
    tags,
    status: 200,
    response: okResponseSchema,
  }),
  verifyEmail: defineOperation({
    method: 'POST',
    path: '/account/email/verify',
    summary: 'Verify the new e-mail address with its code',
    tags,
    body: verificationCodeBodySchema,
    status: 200,
    response: sessionUserSchema,
  }),
  cancelEmailChange: defineOperation({
    method: 'DELETE',
    path: '/account/email',
    summary: 'Cancel an e-mail change waiting for verification',
    tags,
    status: 200,
    response: sessionUserSchema,
  }),
  sendPhoneCode: defineOperation({
    method: 'POST',
    path: '/account/phone/code',
    summary: "Text a verification code to the profile's phone number (once per 30 s)",
    tags,
    status: 200,
    response: okResponseSchema,
  }),
  verifyPhone: defineOperation({
    method: 'POST',
    path: '/account/phone/verify',
    summary: 'Verify the phone number with the texted code',
    tags,
    body: verificationCodeBodySchema,
    status: 200,
    response: sessionUserSchema,
  }),
  changePassword: defineOperation({
    method: 'POST',
    path: '/account/password',
    summary: 'Change the password; other sessions end',
    tags,
    body: changePasswordBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
  setUpTotp: defineOperation({
    method: 'POST',
    path: '/account/totp',
    summary: 'A new TOTP secret for an authenticator app (not active until verified)',
    tags,
    status: 200,
    response: totpSetupSchema,
  }),
  verifyTotp: defineOperation({
    method: 'POST',
    path: '/account/totp/verify',
    summary: 'Turn TOTP on with a code from the app',
    tags,
    body: totpVerifyBodySchema,
    status: 200,
    response: sessionUserSchema,
  }),
  disableMfa: defineOperation({
    method: 'DELETE',
    path: '/account/mfa',
    summary: 'Turn multi-factor authentication off (not for SSO accounts)',
    tags,
    status: 200,
    response: sessionUserSchema,
  }),
  delete: defineOperation({
    method: 'DELETE',
    path: '/account',
    summary: 'Delete the account, giving a reason',
    tags,
    body: deleteAccountBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
};
