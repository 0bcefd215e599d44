import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
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
import { SideNav } from './side-nav';
import { SiteBanner } from './site-banner';
import { TopBar } from './top-bar';

const DRAWER_WIDTH = 256;
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
  const [mobileOpen, setMobileOpen] = useState(false);
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
        onMenu={withNav ? () => setMobileOpen(true) : undefined}
      />
      {withNav && (
        <Box sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
          >
            {/* The app bar stays above the drawer, so its content starts below it. */}
            <Toolbar />
            <SideNav onNavigate={() => setMobileOpen(false)} />
          </Drawer>
          <Drawer
            variant="permanent"
            open
            sx={{
              display: { xs: 'none', md: 'block' },
              '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
            }}
          >
            <Toolbar />
            <SideNav />
          </Drawer>
        </Box>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Container component="main" id={MAIN_ID} ref={main} maxWidth="xl" sx={{ py: 3, flexGrow: 1 }}>
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
