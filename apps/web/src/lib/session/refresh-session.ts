import { buildUrl } from '@ec/client/api-url';
import { authOperations } from '@ec/contract/auth';
import { sessionStore } from './session-store';

/** Renew this long before the access token ends, well before the 60 s margin of spec 1 §4.2. */
export const REFRESH_AHEAD_MS = 5 * 60_000;

let inFlight: Promise<void> | null = null;

const needsRefresh = (now: number) => {
  const { expiresAt, refreshToken } = sessionStore.getState();
  return Boolean(refreshToken && expiresAt && Date.parse(expiresAt) - now < REFRESH_AHEAD_MS);
};

async function renew() {
  // Another tab may have renewed already: its tokens are in localStorage.
  sessionStore.reload();
  if (!needsRefresh(Date.now())) return;
  const { refreshToken } = sessionStore.getState();
  // Not through the API client: it would wait for this very renewal before sending.
  const { refresh } = authOperations;
  const response = await fetch(buildUrl(refresh.path), {
    method: refresh.method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...sessionStore.orgHeader() },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  if (response.ok) {
    sessionStore.setToken(refresh.response.parse(await response.json()));
    return;
  }
  if (response.status !== 401) return;
  // A tab that renewed at the same moment won the race; use its tokens rather than signing out.
  sessionStore.reload();
  if (sessionStore.getState().refreshToken === refreshToken) sessionStore.clear();
}

/**
 * Renews the session shortly before the access token ends, once however many requests ask at the
 * same time, so that a signed-in user never sees the session lapse while the browser is open.
 */
export function ensureFreshSession(now = Date.now()): Promise<void> {
  if (!needsRefresh(now)) return Promise.resolve();
  inFlight ??= renew()
    .catch(() => undefined)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
