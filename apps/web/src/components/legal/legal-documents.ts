/**
 * The legal documents (spec 1 §2.8) by their route name: csa is the Cloud Services Agreement, the name
 * spec 1 uses on the footer, the login page and the sign-up consent ('Customer Service Agreement' in
 * §2.8 names the same document). Kept apart from the texts so that the route table stays small.
 */
export const LEGAL_DOCUMENTS = ['csa', 'aup', 'privacy'] as const;
export type LegalDocumentName = (typeof LEGAL_DOCUMENTS)[number];
