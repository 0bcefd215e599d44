import type { Fleet } from '@ec/contract/fleets';
import { RolloutDialog } from '../../features/rollouts/components/rollout-dialog';
import { FleetTemplatesTab } from '../../features/shadow-templates/components/fleet-templates-tab';
import { useTemplateRollout } from './template-rollout';

/**
 * The fleet's Templates tab, each template with 'Roll out' (named for its template and the fleet) for its editors: the
 * rollouts' Roll Out dialog with the fleet as its target (waves, pause, offline devices).
 */
export function FleetTemplatesRoute({ fleet }: { fleet: Fleet }) {
  const rollout = useTemplateRollout('to the fleet');
  return (
    <>
      <FleetTemplatesTab fleet={fleet} renderActions={rollout.action} />
      {rollout.source && (
        <RolloutDialog
          open
          onClose={rollout.close}
          source={rollout.source}
          fleet={{ fleet_guid: fleet.fleet_guid, fleet_name: fleet.fleet_name }}
        />
      )}
    </>
  );
}
