import type { SessionUser } from '@ec/contract/auth';
import { sessionStore } from '../../../lib/session/session-store';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { AccountPage } from '../components/account-page';

type Answer = { status?: number; body?: unknown };
type Handlers = Record<string, Answer | ((call: MockCall) => Answer | undefined)>;

/** Signs `user` in, answers GET /auth/session with it plus `handlers`, and renders /account. */
export function renderAccountPage(user: SessionUser, handlers: Handlers = {}) {
  const expiresAt = new Date(Date.now() + 3600_000).toISOString();
  sessionStore.setToken({ access_token: 'token', expires_at: expiresAt, refresh_token: 'refresh' });
  const calls = mockApi({
    'GET /auth/session': { body: { user, expires_at: expiresAt } },
    ...handlers,
  });
  const view = renderWithProviders(null, {
    url: '/account',
    routes: [
      { path: '/account', element: <AccountPage /> },
      { path: '/auth/login', element: <h1>Login page</h1> },
    ],
  });
  return { ...view, calls };
}

const PAGE_LOADS = new Set(['GET /auth/session']);

/** The calls other than the page's own load (the session), as 'METHOD /path'. */
export const sent = (calls: MockCall[]) =>
  calls.map((call) => `${call.method} ${call.path}`).filter((call) => !PAGE_LOADS.has(call));
