import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isSessionValid, useSession } from '../lib/session/session-store';
import { whenPageSettled } from './when-page-settled';

/**
 * Keeps the live channel open while someone is signed in with an organization selected. The channel
 * and the event schemas load with the first organization opened, not with the login page, and once
 * its first page has its data: what changed before the channel is ready is fetched again then
 * (live-event-handler.ts).
 */
export function useLiveUpdates() {
  const queryClient = useQueryClient();
  const { accessToken, expiresAt, orgGuid } = useSession();
  const active = Boolean(accessToken && orgGuid && isSessionValid(expiresAt));

  useEffect(() => {
    if (!active || !accessToken || !orgGuid || typeof WebSocket === 'undefined') return;
    let disconnect: (() => void) | undefined;
    let closed = false;
    const stopWaiting = whenPageSettled(queryClient, () => {
      void import('./live-connection').then(({ connectLiveUpdates }) => {
        if (!closed) disconnect = connectLiveUpdates(queryClient, accessToken, orgGuid);
      });
    });
    return () => {
      closed = true;
      stopWaiting();
      disconnect?.();
    };
  }, [active, accessToken, orgGuid, queryClient]);
}
