import type { ConfigSlots } from '../../features/device-config/components/config-slots';
import { SavedInputPreview } from '../../features/input-preview/components/saved-input-preview';
import { ShadowHistoryButton } from '../../features/shadow-history/components/shadow-history-button';
import { ShadowTemplatesControl } from '../../features/shadow-templates/components/shadow-templates-control';

/** What the configuration tabs show of other features: each shadow's templates and history, input previews. */
export const deviceConfigSlots: ConfigSlots = {
  ShadowActions: (props) => (
    <>
      <ShadowTemplatesControl {...props} />
      <ShadowHistoryButton {...props} />
    </>
  ),
  InputPreview: SavedInputPreview,
};
