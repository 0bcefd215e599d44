import type { SessionToken } from '@ec/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { redirectTarget } from '../../../lib/redirect';
import { pickOrg } from '../../../lib/session/auto-select-org';
import { myOrgsQueryOptions } from '../../../lib/session/get-orgs';
import { sessionUserQueryOptions } from '../../../lib/session/get-session-user';
import { sessionStore } from '../../../lib/session/session-store';

/**
 * auth_complete (spec 1 §4.1 item 6): store the session, load the user and organizations, then go to
 * the redirect target (or /dashboard) when an organization is selected, else to organization selection.
 */
export function useCompleteSignIn(redirect: string | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // A completion that ends after the sign-in page was left must not pull the person back.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return useCallback(
    async (token?: SessionToken, target: string | null = redirect) => {
      if (token) {
        queryClient.removeQueries({ queryKey: ['session'] });
        sessionStore.setToken(token);
      }
      await queryClient.fetchQuery(sessionUserQueryOptions());
      const orgs = await queryClient.fetchQuery(myOrgsQueryOptions());
      sessionStore.selectOrg(pickOrg(orgs, sessionStore.getState().orgGuid, sessionStore.lastOrgGuid()));
      if (!mounted.current) return;
      if (sessionStore.getState().orgGuid) navigate(redirectTarget(target), { replace: true });
      else navigate(paths.auth.organizations.getHref(target), { replace: true });
    },
    [queryClient, navigate, redirect],
  );
}
