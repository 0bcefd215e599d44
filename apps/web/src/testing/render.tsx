import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';

export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } } });
}

/** Renders a tree inside the query cache and a memory router at `url`, with a user-event instance. */
export function renderWithProviders(
  ui: ReactNode,
  options: { url?: string; path?: string; routes?: RouteObject[]; queryClient?: QueryClient } = {},
) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const routes = options.routes ?? [{ path: options.path ?? '*', element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: [options.url ?? '/'] });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, user, router, queryClient };
}
