import { ORG_HEADER } from '@ec/contract/common';

/** How the token is introduced in the Authorization header: `Bearer` (the default) or `PAT`. */
export type AuthScheme = 'Bearer' | 'PAT';

export interface Credentials {
  token?: string | null;
  scheme?: AuthScheme;
  /** The organization the calls act in, sent as x-org-guid (spec 1 §4.2). */
  orgGuid?: string | null;
}

/** The headers that say who calls and for which organization. */
export function authHeaders({ token, scheme = 'Bearer', orgGuid }: Credentials): Record<string, string> {
  return {
    ...(token ? { Authorization: `${scheme} ${token}` } : {}),
    ...(orgGuid ? { [ORG_HEADER]: orgGuid } : {}),
  };
}
