import { type ComponentType, lazy, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

type Preloadable = { preload?: () => Promise<unknown> };

/**
 * A page whose code loads on demand (React.lazy), and which can be asked to start loading before it
 * renders: `preload` starts the same import, so the page renders at once when its turn comes.
 */
export function lazyPage<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return Object.assign(
    lazy(() => load().then((module) => ({ default: pick(module) }))),
    { preload: load },
  );
}

/**
 * Starts loading the code of the pages the address names (those made with `lazyPage`), beside the
 * session and organization checks that render before them: without it the page's chunks were asked
 * for only once the guards had their answers, half a second into a cold load (docs/benchmarks.md,
 * "The browser at 10,000 devices").
 */
export function preloadPages(routes: RouteObject[], location: { pathname: string }) {
  for (const match of matchRoutes(routes, location) ?? [])
    void ((match.route.element as ReactElement | undefined)?.type as Preloadable | undefined)?.preload?.();
}
