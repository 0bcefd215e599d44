import type { MailMessage } from '../../mail/mailer.ts';
import type { UserRow } from './users.repository.ts';

export function confirmationMail(input: {
  user: UserRow;
  code: string;
  publicUrl: string;
  deployment: string;
}): MailMessage {
  const link = new URL('/auth/confirm', input.publicUrl);
  link.searchParams.set('email', input.user.email);
  link.searchParams.set('code', input.code);
  return {
    to: input.user.email,
    subject: `${input.deployment}: confirm your account`,
    text: [
      `Hello ${input.user.name},`,
      '',
      `Your confirmation code is ${input.code}.`,
      `Open this link to confirm your account: ${link.href}`,
      '',
      'The code expires in 24 hours. If you did not sign up, ignore this e-mail.',
    ].join('\n'),
  };
}
