import { useEffect } from 'react';
import { BrowserRouter, useLocation, useNavigate, useRoutes } from 'react-router';
import { setAccessDeniedHandler } from '../lib/api-client';
import { clearLocalSession } from '../lib/session/sign-out';
import { startGuardChecks } from './guards';
import { preloadPages } from './lazy-page';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { routes } from './routes';
import { RouteErrorBoundary } from './routes/route-error';
import { useDocumentTitle } from './shell/use-document-title';

const queryClient = createQueryClient();
startGuardChecks(queryClient);
// After the checks' requests have gone out (they wait for a microtask or two): the page's forty-odd
// scripts asked for first held them in the browser's queue of six connections for 200-400 ms.
setTimeout(() => preloadPages(routes, window.location, queryClient), 0);

/**
 * The route table in React Router's declarative mode: the console loads its data with TanStack Query,
 * and the data router (loaders, actions, fetchers) would add about 17 kB gzipped to every page.
 */
function AppRoutes() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  useDocumentTitle(routes);

  // A 403 ACCESS_DENIED clears the session and goes to the login page (spec 1 §8).
  useEffect(() => {
    setAccessDeniedHandler(() => {
      clearLocalSession(queryClient);
      void navigate('/auth/login', { replace: true });
    });
  }, [navigate]);

  return <RouteErrorBoundary pathname={pathname}>{element}</RouteErrorBoundary>;
}

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
