import { updateProfileBodySchema } from '@ec/contract/account';
import { emailSchema, passwordSchema, type SessionUser } from '@ec/contract/auth';
import { isSsoUser } from '@ec/contract/users';
import { z } from 'zod';
import { confirms } from '../../../lib/password-confirmation';

/** Form schemas of the account page (spec 1 §2.5, §5), composed from the contract's field rules. */

/** A single sign-on user's name and e-mail come from the provider: shown, never checked nor sent. */

const profileBase = updateProfileBodySchema.required().extend({ email: emailSchema });
const ssoProfile = profileBase.extend({ name: z.string(), email: z.string() });

export const profileFormSchema = (sso: boolean) => (sso ? ssoProfile : profileBase);
export type ProfileFormInput = z.input<typeof profileBase>;
export type ProfileFormValues = z.output<typeof profileBase>;
export type ProfilePatch = z.input<typeof updateProfileBodySchema>;

export const profileFormDefaults = (user: SessionUser): ProfileFormInput => ({
  name: user.name,
  email: user.email,
  phone_number: user.phone_number ?? '',
  locale: user.locale,
  zoneinfo: user.zoneinfo,
});

/**
 * What a profile save sends: the changed fields to PATCH /account, and a different e-mail address
 * to POST /account/email (which starts a verified change). SSO users change neither name nor e-mail.
 */
export function profileChanges(
  user: SessionUser,
  values: ProfileFormValues,
): { patch: ProfilePatch; email: string | null } {
  const sso = isSsoUser(user);
  const patch: ProfilePatch = {};
  if (!sso && values.name !== user.name) patch.name = values.name;
  const phone = values.phone_number ?? '';
  if (phone !== (user.phone_number ?? '')) patch.phone_number = phone;
  if (values.locale !== user.locale) patch.locale = values.locale;
  if (values.zoneinfo !== user.zoneinfo) patch.zoneinfo = values.zoneinfo;
  const email = !sso && values.email !== user.email.toLowerCase() ? values.email : null;
  return { patch, email };
}

/** Current, new and confirm are each required with at least 8 characters; new and confirm must match. */
export const changePasswordFormSchema = z
  .object({
    current_password: passwordSchema,
    new_password: passwordSchema,
    confirm_password: passwordSchema,
  })
  .refine(...confirms('new_password', 'confirm_password'));
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;
