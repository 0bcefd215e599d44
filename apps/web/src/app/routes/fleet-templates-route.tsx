import type { Fleet } from '@ec/contract/fleets';
import type { ShadowTemplate } from '@ec/contract/shadow-templates';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { RolloutDialog } from '../../features/rollouts/components/rollout-dialog';
import { FleetTemplatesTab } from '../../features/shadow-templates/components/fleet-templates-tab';

/**
 * The fleet's Templates tab, each template with 'Roll out' (named for its template and the fleet) for its editors: the
 * rollouts' Roll Out dialog with the fleet as its target (waves, pause, offline devices).
 */
export function FleetTemplatesRoute({ fleet }: { fleet: Fleet }) {
  const [rolling, setRolling] = useState<ShadowTemplate | null>(null);
  return (
    <>
      <FleetTemplatesTab
        fleet={fleet}
        renderActions={(template) => (
          <Button
            size="small"
            variant="outlined"
            aria-label={`Roll out ${template.template_name} to the fleet`}
            onClick={() => setRolling(template)}
          >
            Roll out
          </Button>
        )}
      />
      {rolling && (
        <RolloutDialog
          open
          onClose={() => setRolling(null)}
          source={{
            kind: 'template',
            template_guid: rolling.template_guid,
            template_name: rolling.template_name,
            shadow_name: rolling.shadow_name,
          }}
          fleet={{ fleet_guid: fleet.fleet_guid, fleet_name: fleet.fleet_name }}
        />
      )}
    </>
  );
}
