import { DeviceSelectorDialog } from '../../features/bulk-actions/components/device-selector-dialog';
import { RolloutDialog } from '../../features/rollouts/components/rollout-dialog';
import { ShadowTemplatesPage } from '../../features/shadow-templates/components/shadow-templates-page';
import { useTemplateRollout } from './template-rollout';

/**
 * /templates: the organization's shadow templates, each with 'Roll out' (named for its template), which opens the
 * rollouts' Roll Out dialog with the bulk actions' device selector to pick the devices (or a fleet).
 */
export function ShadowTemplatesRoute() {
  const rollout = useTemplateRollout('to devices');
  return (
    <>
      <ShadowTemplatesPage renderActions={rollout.action} />
      {rollout.source && (
        <RolloutDialog
          open
          onClose={rollout.close}
          source={rollout.source}
          DeviceSelector={DeviceSelectorDialog}
        />
      )}
    </>
  );
}
