import type { ReactNode } from 'react';
import { sessionStore } from '../../../lib/session/session-store';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';

type Answer = { status?: number; body?: unknown };
export type Handlers = Record<string, Answer | ((call: MockCall) => Answer | undefined)>;

/** Signs in, answers the calls with `handlers` and renders `page` at `url` (with /orgs and /dashboard stubs). */
export function renderOrgsRoute(page: { path: string; element: ReactNode }, url: string, handlers: Handlers) {
  const expiresAt = new Date(Date.now() + 3600_000).toISOString();
  sessionStore.setToken({ access_token: 'token', expires_at: expiresAt, refresh_token: 'refresh' });
  const calls = mockApi(handlers);
  const routes = [
    page,
    ...(page.path === '/orgs' ? [] : [{ path: '/orgs', element: <h1>Organizations list</h1> }]),
    { path: '/dashboard', element: <h1>Dashboard page</h1> },
  ];
  const view = renderWithProviders(null, { url, routes });
  return { ...view, calls };
}

/** The calls that change something, as 'METHOD /path'. */
export const changes = (calls: MockCall[]) =>
  calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`);
