import type { QueryClient } from '@tanstack/react-query';
import { LiveChannel } from '../lib/live-channel';
import { liveSubscriptions } from '../lib/live-subscriptions';
import { createLiveEventHandler } from './live-event-handler';

/** Opens the live channel of an organization, following what the pages on screen subscribe to. */
export function connectLiveUpdates(queryClient: QueryClient, accessToken: string, orgGuid: string) {
  const handler = createLiveEventHandler(queryClient, orgGuid);
  const channel = new LiveChannel({
    accessToken,
    orgGuid,
    subscriptions: liveSubscriptions.current,
    onEvent: handler.handle,
  });
  channel.start();
  const stopFollowing = liveSubscriptions.onChange(() => channel.follow(liveSubscriptions.current()));
  return () => {
    stopFollowing();
    channel.stop();
    handler.dispose();
  };
}
