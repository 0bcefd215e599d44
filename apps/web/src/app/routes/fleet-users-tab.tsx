import type { Fleet } from '@ec/contract/fleets';
import { NotImplemented } from '../../components/ui/not-implemented';

/** The fleet's Users tab (spec 2 §2.6, editors only): fleet users and pending invites. */
export function FleetUsersTab(_props: { fleet: Fleet }) {
  return <NotImplemented embedded />;
}
