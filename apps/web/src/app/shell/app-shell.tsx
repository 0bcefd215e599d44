import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { SkipLink } from '../../components/ui/skip-link';
import { useFocusHeadingOnNavigate } from '../../components/ui/use-focus-heading-on-navigate';
import { ensureFreshSession, REFRESH_AHEAD_MS } from '../../lib/session/refresh-session';
import {
  SESSION_EXPIRY_MARGIN_MS,
  sessionStore,
  useIsLoggedIn,
  useSession,
} from '../../lib/session/session-store';
import { useLiveUpdates } from '../live-updates';
import { Footer } from './footer';
import { NAV_WIDTH } from './nav-width';
import { SideNav } from './side-nav';
import { SiteBanner } from './site-banner';
import { TopBar } from './top-bar';

const PhoneNavigation = lazy(() =>
  import('./phone-navigation').then((m) => ({ default: m.PhoneNavigation })),
);
const AUTH_PATHS = /^\/(auth|login|signup)(\/|$)/;
const MAIN_ID = 'main-content';

const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Renews the session shortly before its token ends; when it cannot be renewed, ends it once the token
 * comes within 60 s of expiry, and the guards ask for a login.
 */
function useSessionExpiry() {
  const { expiresAt } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!expiresAt) return;
    const expires = Date.parse(expiresAt);
    const renewal = setTimeout(
      () => void ensureFreshSession(),
      Math.max(0, Math.min(expires - REFRESH_AHEAD_MS - Date.now(), MAX_TIMER_MS)),
    );
    const end = setTimeout(
      () => {
        sessionStore.clear();
        queryClient.clear();
      },
      Math.max(0, Math.min(expires - SESSION_EXPIRY_MARGIN_MS - Date.now(), MAX_TIMER_MS)),
    );
    return () => {
      clearTimeout(renewal);
      clearTimeout(end);
    };
  }, [expiresAt, queryClient]);
}

export function AppShell() {
  const location = useLocation();
  const loggedIn = useIsLoggedIn();
  // The phone drawer loads on its first opening; it then stays mounted for its closing animation.
  const [phoneNavOpened, setPhoneNavOpened] = useState(false);
  const [phoneNavOpen, setPhoneNavOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  const onAuthPage = AUTH_PATHS.test(location.pathname);
  // The navigation's place is kept from the first render, not once the user has loaded (no layout shift).
  const withNav = loggedIn && !onAuthPage;

  useLiveUpdates();
  useSessionExpiry();
  useFocusHeadingOnNavigate(main);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink targetId={MAIN_ID} />
      <TopBar
        loggedIn={loggedIn}
        onAuthPage={onAuthPage}
        onMenu={
          withNav
            ? () => {
                setPhoneNavOpened(true);
                setPhoneNavOpen(true);
              }
            : undefined
        }
      />
      {withNav && (
        <>
          {/* Beside the page on wide screens: a plain fixed column, no drawer machinery to load. */}
          <Box sx={{ width: NAV_WIDTH, flexShrink: 0, display: { xs: 'none', md: 'block' } }}>
            <Paper
              square
              variant="outlined"
              sx={{
                position: 'fixed',
                top: 0,
                bottom: 0,
                width: NAV_WIDTH,
                overflowY: 'auto',
                borderWidth: '0 1px 0 0',
              }}
            >
              <Toolbar />
              <SideNav />
            </Paper>
          </Box>
          {phoneNavOpened && (
            <Suspense fallback={null}>
              <PhoneNavigation open={phoneNavOpen} onClose={() => setPhoneNavOpen(false)} />
            </Suspense>
          )}
        </>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        {/* At least a screen high: the footer stays below the fold while a page's data loads and grows it. */}
        <Container
          component="main"
          id={MAIN_ID}
          ref={main}
          maxWidth="xl"
          sx={{ py: 3, flexGrow: 1, minHeight: '100vh' }}
        >
          {withNav && <SiteBanner />}
          <Suspense fallback={<PageSkeleton label="Loading page" />}>
            <Outlet />
          </Suspense>
        </Container>
        <Footer />
      </Box>
    </Box>
  );
}
