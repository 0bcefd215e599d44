import type { LegalDocumentName } from './legal-documents';

/** The legal documents (spec 1 §2.8, §9): their titles and the sections the console shows. */

export interface LegalText {
  title: string;
  /** Shown under the title, e.g. when the document takes effect. */
  subtitle?: string;
  sections: Array<{ heading: string; paragraphs: string[] }>;
}

export const LEGAL_TEXTS: Record<LegalDocumentName, LegalText> = {
  csa: {
    title: 'Cloud Services Agreement',
    sections: [
      {
        heading: 'Fees and payment',
        paragraphs: [
          'Fees are due 30 days from the date of the invoice.',
          'Late payments bear interest of 1.5% per month.',
          'The provider may suspend the services after 10 days of non-payment.',
        ],
      },
      {
        heading: 'Confidentiality',
        paragraphs: ["Each party keeps the other's confidential information confidential for 5 years."],
      },
      {
        heading: 'Term and termination',
        paragraphs: ['The provider may terminate the agreement on 30 days notice.'],
      },
      {
        heading: 'Limitation of liability',
        paragraphs: [
          "Each party's liability is capped at the payments made in the 12 months before the claim.",
        ],
      },
      {
        heading: 'Acceptable use',
        paragraphs: ['Use of the services is subject to the Acceptable Use Policy.'],
      },
    ],
  },
  aup: {
    title: 'Acceptable Use Policy',
    sections: [
      {
        heading: 'You may not use the services for',
        paragraphs: [
          'Fraud or any illegal activity.',
          'Distributing malware or other harmful code.',
          'Inciting violence.',
          "Violating others' rights, including their intellectual property and privacy.",
          'Circumventing the limits or security of the services.',
          'Sending spam or other unsolicited messages.',
          'Violating the security of any network, system or account.',
        ],
      },
      {
        heading: 'Enforcement',
        paragraphs: [
          'The provider may investigate suspected violations and may disable any resource that violates this policy.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    subtitle: 'Effective October 24th 2022',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          'Your name, e-mail address, phone number, locale and time zone, the organizations you belong to, and the devices you manage.',
        ],
      },
      {
        heading: 'How we use it',
        paragraphs: [
          'To provide the services, to secure your account, and to send the e-mails the services need.',
        ],
      },
      {
        heading: 'Your choices',
        paragraphs: ['You can change your profile or delete your account at any time from My Account.'],
      },
    ],
  },
};
