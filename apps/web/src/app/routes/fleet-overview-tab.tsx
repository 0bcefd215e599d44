import type { Fleet } from '@ec/contract/fleets';
import { NotImplemented } from '../../components/ui/not-implemented';

/** The fleet's Overview tab (spec 2 §2.6): status tiles, devices and recent fleet events. */
export function FleetOverviewTab(_props: { fleet: Fleet }) {
  return <NotImplemented embedded />;
}
