import { DeviceSelectorDialog } from '../../features/bulk-actions/components/device-selector-dialog';
import type { ConfigSlots } from '../../features/device-config/components/config-slots';
import { SavedInputPreview } from '../../features/input-preview/components/saved-input-preview';
import { RollOutShadowButton } from '../../features/rollouts/components/roll-out-shadow-button';
import { ShadowHistoryButton } from '../../features/shadow-history/components/shadow-history-button';
import { ShadowTemplatesControl } from '../../features/shadow-templates/components/shadow-templates-control';

/**
 * What the configuration tabs show of other features: each shadow's templates, its rollout to other
 * devices and its history, input previews.
 */
export const deviceConfigSlots: ConfigSlots = {
  ShadowActions: (props) => (
    <>
      <ShadowTemplatesControl {...props} />
      <RollOutShadowButton
        shadow={props.shadow}
        canEdit={props.canEdit}
        DeviceSelector={DeviceSelectorDialog}
      />
      <ShadowHistoryButton {...props} />
    </>
  ),
  InputPreview: SavedInputPreview,
};
