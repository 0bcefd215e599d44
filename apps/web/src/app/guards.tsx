import { ApiError } from '@ec/client/api-error';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSkeleton } from '../components/ui/page-skeleton';
import { RequestError } from '../components/ui/request-error';
import { paths } from '../config/paths';
import { displayTimeZone } from '../lib/display-time-zone';
import { redirectTarget } from '../lib/redirect';
import { pickOrg } from '../lib/session/auto-select-org';
import { myOrgsQueryOptions, useMyOrgs } from '../lib/session/get-orgs';
import { sessionUserQueryOptions, useSessionUser } from '../lib/session/get-session-user';
import { isSessionValid, sessionStore, useSession } from '../lib/session/session-store';

const useTarget = () => {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
};

/**
 * Starts the guards' two checks (the session with the server, the person's organizations) as the
 * console starts, before its first render, when a session is stored: the guards then find them under
 * the same keys instead of asking once the shell has rendered (decision 239). Signed out, nothing.
 */
export function startGuardChecks(queryClient: QueryClient) {
  if (!isSessionValid(sessionStore.getState().expiresAt)) return;
  void queryClient.prefetchQuery(sessionUserQueryOptions());
  void queryClient.prefetchQuery(myOrgsQueryOptions());
}

/**
 * Login guard (spec 1 §2.1): a valid session, checked with the server, or the login page with a redirect.
 * After the user signed out on purpose (Logout, account deletion) the login page opens without one.
 */
export function RequireLogin() {
  const target = useTarget();
  const session = useSession();
  const user = useSessionUser();
  const loginHref = paths.auth.login.getHref(session.signedOut ? undefined : redirectTarget(target));

  if (!isSessionValid(session.expiresAt)) return <Navigate to={loginHref} replace />;
  if (user.isPending) return <PageSkeleton label="Checking your session" />;
  if (user.isError) {
    if (user.error instanceof ApiError && user.error.status < 500) return <Navigate to={loginHref} replace />;
    return <RequestError error={user.error} onRetry={user.refetch} />;
  }
  // Set while rendering, before the page below formats its first time, not in an effect after it.
  displayTimeZone.set(user.data.user.zoneinfo);
  return <Outlet />;
}

/** Organization guard: a selected organization, or the organization selection with a redirect. */
export function RequireOrg() {
  const target = useTarget();
  const { orgGuid } = useSession();
  const orgs = useMyOrgs();
  const candidate = orgs.data ? pickOrg(orgs.data, orgGuid, sessionStore.lastOrgGuid()) : null;

  useEffect(() => {
    if (candidate && candidate !== orgGuid) sessionStore.selectOrg(candidate);
  }, [candidate, orgGuid]);

  if (orgs.isPending) return <PageSkeleton label="Loading organizations" />;
  if (orgs.isError) return <RequestError error={orgs.error} onRetry={orgs.refetch} />;
  if (!candidate) return <Navigate to={paths.auth.organizations.getHref(redirectTarget(target))} replace />;
  if (candidate !== orgGuid) return <PageSkeleton label="Selecting organization" />;
  return <Outlet />;
}
