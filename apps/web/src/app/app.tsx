import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { setAccessDeniedHandler } from '../lib/api-client';
import { clearLocalSession } from '../lib/session/sign-out';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { routes } from './routes';

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

// A 403 ACCESS_DENIED clears the session and goes to the login page (spec 1 §8).
setAccessDeniedHandler(() => {
  clearLocalSession(queryClient);
  void router.navigate('/auth/login', { replace: true });
});

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
