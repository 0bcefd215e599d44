import type { Fleet } from '@ec/contract/fleets';
import type { FleetDrift } from '@ec/contract/shadow-drift';
import { useState } from 'react';
import { RolloutDialog } from '../../features/rollouts/components/rollout-dialog';
import { FleetDriftTab } from '../../features/shadow-templates/components/fleet-drift-tab';

type DriftDevice = FleetDrift['devices'][number];
type DriftTemplate = FleetDrift['templates'][number];

/** The first template some of `devices` drift from, with those devices. */
function firstDrift(devices: readonly DriftDevice[], templates: readonly DriftTemplate[]) {
  for (const template of templates) {
    const drifting = devices.filter((device) =>
      device.shadows.some(
        (shadow) => shadow.template_guid === template.template_guid && shadow.status === 'drifting',
      ),
    );
    if (drifting.length) return { template, devices: drifting };
  }
  return null;
}

/**
 * The fleet's Drift tab with 'Bring Back' wired to the rollouts: the Roll Out dialog with the template
 * the devices drift from and exactly those devices (decision 199).
 */
export function FleetDriftRoute({ fleet }: { fleet: Fleet }) {
  const [bringing, setBringing] = useState<ReturnType<typeof firstDrift>>(null);
  return (
    <>
      <FleetDriftTab
        fleet={fleet}
        onBringBack={(devices, templates) => setBringing(firstDrift(devices, templates))}
      />
      {bringing && (
        <RolloutDialog
          open
          onClose={() => setBringing(null)}
          source={{
            kind: 'template',
            template_guid: bringing.template.template_guid,
            template_name: bringing.template.template_name,
            shadow_name: bringing.template.shadow_name,
          }}
          devices={bringing.devices}
        />
      )}
    </>
  );
}
