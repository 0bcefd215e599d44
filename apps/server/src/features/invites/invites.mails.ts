import { accessLabel } from '@ec/contract/access';
import type { OutboxMail } from '../outbox/outbox.service.ts';

/** The e-mail to an invited address: who invited, to what, and where to accept (spec 1 §2.4). */
export function inviteMail(input: {
  to: string;
  inviterName: string;
  /** 'the organization Acme', 'the device Studio 1'. */
  target: string;
  access: number;
  publicUrl: string;
  deployment: string;
}): OutboxMail {
  const link = new URL('/auth/organizations', input.publicUrl);
  return {
    kind: 'invite',
    to: input.to,
    subject: `${input.deployment}: you are invited to ${input.target}`,
    text: [
      'Hello,',
      '',
      `${input.inviterName} invited you to ${input.target} with ${accessLabel(input.access)} access.`,
      `Sign in (or create an account with this e-mail address) and accept the invitation: ${link.href}`,
      '',
      'The invitation is for this e-mail address only. If you were not expecting it, ignore this e-mail.',
    ].join('\n'),
  };
}
