import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { isSessionValid, sessionStore } from '../lib/session/session-store';

type Preloadable = { preload?: () => Promise<unknown>; prefetch?: () => Promise<PagePrefetch> };

/** What a page's prefetch module exports to ask for the page's first data before its code is in. */
export interface PagePrefetch {
  /**
   * Starts the queries the page's first view makes, with the same keys, so that it renders with its
   * data. `orgGuid` may not be selected yet (the guard is still checking it): the requests name it
   * themselves rather than relying on the organization header.
   */
  prefetchPage?: (queryClient: QueryClient, orgGuid: string, search: URLSearchParams) => void;
}

/**
 * The organization a page will open with: the selected one, else the last one used, which the
 * organization guard selects again while the person is still a member (auto-select-org.ts); else the
 * one the guard selects, once it does. Nothing without a session.
 */
function withExpectedOrg(then: (orgGuid: string) => void) {
  const state = sessionStore.getState();
  if (!isSessionValid(state.expiresAt)) return;
  const expected = state.orgGuid ?? sessionStore.lastOrgGuid();
  if (expected) return then(expected);
  const stop = sessionStore.subscribe(() => {
    const orgGuid = sessionStore.getState().orgGuid;
    if (!orgGuid) return;
    stop();
    then(orgGuid);
  });
}

/**
 * A page whose code loads on demand (React.lazy), and which can be asked to start loading before it
 * renders: `preload` starts the same import, so the page renders at once when its turn comes.
 * `prefetch` loads the page's prefetch module: a few small modules, where the page's code is dozens.
 */
export function lazyPage<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  prefetch?: () => Promise<PagePrefetch>,
) {
  return Object.assign(
    lazy(() => load().then((module) => ({ default: pick(module) }))),
    { preload: load, prefetch },
  );
}

/**
 * Starts the first data of the pages the address names (their `prefetchPage`) and the loading of their
 * code (those made with `lazyPage`), beside the session and organization checks that render before
 * the page: without it the page's chunks were asked for once the guards had their answers, and its
 * data once it had rendered (decision 239). The data goes first: its small module loads, its requests
 * go out, then the page's dozens of scripts are asked for; the other way round, the requests waited
 * behind the scripts in the browser's six connections (decision 277).
 */
export function preloadPages(
  routes: RouteObject[],
  location: { pathname: string; search: string },
  queryClient: QueryClient,
) {
  for (const match of matchRoutes(routes, location) ?? []) {
    const page = (match.route.element as ReactElement | undefined)?.type as Preloadable | undefined;
    if (!page?.preload) continue;
    const preload = page.preload;
    if (!page.prefetch) {
      void preload();
      continue;
    }
    void page
      .prefetch()
      .then(({ prefetchPage }) => {
        if (prefetchPage)
          withExpectedOrg((orgGuid) =>
            prefetchPage(queryClient, orgGuid, new URLSearchParams(location.search)),
          );
      })
      .catch(() => undefined)
      .finally(() => void preload());
  }
}
