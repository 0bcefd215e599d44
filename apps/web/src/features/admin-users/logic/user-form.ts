import type { GroupName } from '@ec/contract/access';
import { emailSchema, nameSchema, phoneSchema } from '@ec/contract/auth';
import { type AdminUser, isSsoUser, type UpdateUserBody } from '@ec/contract/users';
import { z } from 'zod';

/** The user edit form (spec 1 §5 'User edit'): name required, e-mail required and valid, phone optional. */
export const userFormSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone_number: z.union([z.literal(''), phoneSchema]),
});
/** A single sign-on user's e-mail comes from the provider: shown, never checked nor changed. */
const ssoUserFormSchema = userFormSchema.extend({ email: z.string() });

export const userFormSchemaFor = (user: Pick<AdminUser, 'status'>) =>
  isSsoUser(user) ? ssoUserFormSchema : userFormSchema;
export type UserFormInput = z.input<typeof userFormSchema>;
export type UserFormValues = z.output<typeof userFormSchema>;

export const userFormDefaults = (user: AdminUser): UserFormInput => ({
  name: user.name,
  email: user.email,
  phone_number: user.phone_number ?? '',
});

/** What Save sends: every field, the e-mail of an SSO user as it is. */
export const userUpdateBody = (user: AdminUser, values: UserFormValues): UpdateUserBody => ({
  name: values.name,
  email: isSsoUser(user) ? user.email : values.email,
  phone_number: values.phone_number,
});

/** The groups to send in their canonical order, after toggling one. */
export function toggleGroup(groups: readonly GroupName[], group: GroupName, on: boolean): GroupName[] {
  const set = new Set(groups);
  if (on) set.add(group);
  else set.delete(group);
  return [...set];
}

export const SEARCH_ATTRIBUTE_LABELS = { name: 'Name', email: 'E-mail', phone_number: 'Phone' } as const;
