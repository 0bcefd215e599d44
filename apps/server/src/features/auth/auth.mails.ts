import type { OutboxMail } from '../outbox/outbox.service.ts';

interface MailContext {
  to: string;
  name: string;
  code: string;
  publicUrl: string;
  deployment: string;
}

export function confirmationMail(input: MailContext): OutboxMail {
  const link = new URL('/auth/confirm', input.publicUrl);
  link.searchParams.set('email', input.to);
  link.searchParams.set('code', input.code);
  return {
    kind: 'auth.confirmation',
    to: input.to,
    subject: `${input.deployment}: confirm your account`,
    text: [
      `Hello ${input.name},`,
      '',
      `Your confirmation code is ${input.code}.`,
      `Open this link to confirm your account: ${link.href}`,
      '',
      'The code expires in 24 hours. If you did not sign up, ignore this e-mail.',
    ].join('\n'),
  };
}

export function passwordResetMail(input: MailContext): OutboxMail {
  return {
    kind: 'auth.password_reset',
    to: input.to,
    subject: `${input.deployment}: reset your password`,
    text: [
      `Hello ${input.name},`,
      '',
      `Your password reset code is ${input.code}.`,
      'Enter it on the sign-in page with your new password. The code expires in 1 hour.',
      '',
      'If you did not ask for a new password, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}

export function emailChangeMail(input: MailContext): OutboxMail {
  return {
    kind: 'account.email_change',
    to: input.to,
    subject: `${input.deployment}: verify your new e-mail address`,
    text: [
      `Hello ${input.name},`,
      '',
      `Your verification code is ${input.code}.`,
      `Enter it on your account page (${new URL('/account', input.publicUrl).href}) to use this address.`,
      'The code expires in 24 hours.',
    ].join('\n'),
  };
}
