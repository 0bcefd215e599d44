import type { SessionToken } from '@ec/contract/auth';
import { ORG_HEADER } from '@ec/contract/common';
import { useSyncExternalStore } from 'react';
import { LAST_ORG_KEY, SESSION_TOKEN_KEY } from './session-storage-keys';

/** A session counts as logged in only while its token expires more than 60 s ahead (spec 1 §4.2). */
export const SESSION_EXPIRY_MARGIN_MS = 60_000;

export interface SessionState {
  accessToken: string | null;
  expiresAt: string | null;
  refreshToken: string | null;
  /** The selected organization, sent as x-org-guid on every request. */
  orgGuid: string | null;
  /**
   * The user ended the session themselves (Logout, account deletion): the login page then opens
   * without a redirect back, so whoever signs in next on this browser starts at the dashboard.
   */
  signedOut: boolean;
}

export function isSessionValid(expiresAt: string | null | undefined, now = Date.now()): boolean {
  if (!expiresAt) return false;
  const expires = Date.parse(expiresAt);
  return Number.isFinite(expires) && expires - now > SESSION_EXPIRY_MARGIN_MS;
}

type StoredToken = Pick<SessionState, 'accessToken' | 'expiresAt' | 'refreshToken'>;
const NO_TOKEN: StoredToken = { accessToken: null, expiresAt: null, refreshToken: null };

function readStoredToken(): StoredToken {
  try {
    const raw = localStorage.getItem(SESSION_TOKEN_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<SessionToken>) : null;
    if (typeof parsed?.access_token === 'string' && typeof parsed.expires_at === 'string') {
      return {
        accessToken: parsed.access_token,
        expiresAt: parsed.expires_at,
        refreshToken: typeof parsed.refresh_token === 'string' ? parsed.refresh_token : null,
      };
    }
  } catch {
    // A damaged entry is the same as none.
  }
  return NO_TOKEN;
}

let state: SessionState = { ...readStoredToken(), orgGuid: null, signedOut: false };
const listeners = new Set<() => void>();

function setState(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export const sessionStore = {
  getState: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setToken(token: SessionToken) {
    localStorage.setItem(SESSION_TOKEN_KEY, JSON.stringify(token));
    setState({
      ...state,
      accessToken: token.access_token,
      expiresAt: token.expires_at,
      refreshToken: token.refresh_token,
      signedOut: false,
    });
  },
  selectOrg(orgGuid: string | null) {
    if (orgGuid) localStorage.setItem(LAST_ORG_KEY, orgGuid);
    if (orgGuid !== state.orgGuid) setState({ ...state, orgGuid });
  },
  /**
   * Forgets the token and the selected organization; the last organization stays for auto-select.
   * `signedOut`: the user ended the session on purpose (see SessionState).
   */
  clear(options: { signedOut?: boolean } = {}) {
    localStorage.removeItem(SESSION_TOKEN_KEY);
    setState({ ...NO_TOKEN, orgGuid: null, signedOut: options.signedOut ?? false });
  },
  lastOrgGuid: () => localStorage.getItem(LAST_ORG_KEY),
  /**
   * The organization header (spec 1 §4.2, §7): every request carries it while an organization is
   * selected, including those that build their own fetch (the session renewal).
   */
  orgHeader: (): Record<string, string> => (state.orgGuid ? { [ORG_HEADER]: state.orgGuid } : {}),
  /** Re-reads localStorage (tests, and another tab signing in, renewing or signing out). */
  reload() {
    const stored = readStoredToken();
    if (stored.accessToken !== state.accessToken || stored.refreshToken !== state.refreshToken)
      setState({ ...stored, orgGuid: stored.accessToken ? state.orgGuid : null, signedOut: false });
  },
};

// Tabs share one session: a renewal or sign-out in one is picked up by the others.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_TOKEN_KEY || event.key === null) sessionStore.reload();
  });
}

export const useSession = () => useSyncExternalStore(sessionStore.subscribe, sessionStore.getState);
export const useIsLoggedIn = () => isSessionValid(useSession().expiresAt);
