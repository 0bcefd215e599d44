import { QueryClient } from '@tanstack/react-query';
import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../lib/session/session-store';
import { lazyPage, type PagePrefetch, preloadPages } from './lazy-page';

const ORG = '00000000-0000-4000-8000-0000000000aa';

/** A page whose prefetch module exports `prefetchPage`; `order` records what loads and asks, in turn. */
function pageWith(prefetchPage: PagePrefetch['prefetchPage'], order: string[] = []) {
  const load = vi.fn(async () => {
    order.push('page code');
    return { Page: () => null };
  });
  const Page = lazyPage(
    load,
    (module) => module.Page,
    async () => ({
      prefetchPage: (...args: Parameters<NonNullable<PagePrefetch['prefetchPage']>>) => {
        order.push('first data');
        prefetchPage?.(...args);
      },
    }),
  );
  const routes: RouteObject[] = [{ path: 'devices', element: createElement(Page) }];
  return { load, routes };
}

const signIn = () =>
  sessionStore.setToken({
    access_token: 'token',
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    refresh_token: 'refresh',
  });

afterEach(() => {
  sessionStore.clear();
  localStorage.clear();
});

describe('preloadPages', () => {
  it("asks for the page's data with the organization last used, before the guard selects it, then loads its code", async () => {
    signIn();
    localStorage.setItem('ec.lastOrgGuid', ORG);
    const prefetch = vi.fn();
    const order: string[] = [];
    const { load, routes } = pageWith(prefetch, order);
    const queryClient = new QueryClient();
    preloadPages(routes, { pathname: '/devices', search: '?tab=mine' }, queryClient);
    await vi.waitFor(() => expect(load).toHaveBeenCalledOnce());
    expect(order).toEqual(['first data', 'page code']);
    expect(prefetch).toHaveBeenCalledOnce();
    const [client, orgGuid, search] = prefetch.mock.calls[0]!;
    expect([client, orgGuid, search.get('tab')]).toEqual([queryClient, ORG, 'mine']);
  });

  it('waits for the guard to select an organization when none was used before (the code loads meanwhile), and asks for nothing without a session', async () => {
    signIn();
    const prefetch = vi.fn();
    const { load: loadFirst, routes } = pageWith(prefetch);
    preloadPages(routes, { pathname: '/devices', search: '' }, new QueryClient());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(loadFirst).toHaveBeenCalledOnce();
    expect(prefetch).not.toHaveBeenCalled();
    sessionStore.selectOrg(ORG);
    expect(prefetch).toHaveBeenCalledWith(expect.any(QueryClient), ORG, expect.any(URLSearchParams));

    sessionStore.clear();
    const { load, routes: signedOutRoutes } = pageWith(prefetch);
    preloadPages(signedOutRoutes, { pathname: '/devices', search: '' }, new QueryClient());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(load).toHaveBeenCalledOnce();
    expect(prefetch).toHaveBeenCalledOnce();
  });

  it('loads the code of a page without a prefetch module at once', () => {
    const load = vi.fn(async () => ({ Page: () => null }));
    const Page = lazyPage(load, (module) => module.Page);
    preloadPages(
      [{ path: 'devices', element: createElement(Page) }],
      { pathname: '/devices', search: '' },
      new QueryClient(),
    );
    expect(load).toHaveBeenCalledOnce();
  });

  it('leaves pages made without lazyPage alone', () => {
    expect(() =>
      preloadPages(
        [{ path: 'devices', element: createElement('div') }],
        { pathname: '/devices', search: '' },
        new QueryClient(),
      ),
    ).not.toThrow();
  });
});
