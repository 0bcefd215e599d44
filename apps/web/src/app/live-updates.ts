import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isSessionValid, useSession } from '../lib/session/session-store';

/**
 * Keeps the live channel open while someone is signed in with an organization selected. The channel
 * and the event schemas load with the first organization opened, not with the login page.
 */
export function useLiveUpdates() {
  const queryClient = useQueryClient();
  const { accessToken, expiresAt, orgGuid } = useSession();
  const active = Boolean(accessToken && orgGuid && isSessionValid(expiresAt));

  useEffect(() => {
    if (!active || !accessToken || !orgGuid || typeof WebSocket === 'undefined') return;
    let disconnect: (() => void) | undefined;
    let closed = false;
    void import('./live-connection').then(({ connectLiveUpdates }) => {
      if (!closed) disconnect = connectLiveUpdates(queryClient, accessToken, orgGuid);
    });
    return () => {
      closed = true;
      disconnect?.();
    };
  }, [active, accessToken, orgGuid, queryClient]);
}
