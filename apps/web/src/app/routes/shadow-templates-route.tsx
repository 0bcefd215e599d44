import type { ShadowTemplate } from '@ec/contract/shadow-templates';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { DeviceSelectorDialog } from '../../features/bulk-actions/components/device-selector-dialog';
import { RolloutDialog } from '../../features/rollouts/components/rollout-dialog';
import { ShadowTemplatesPage } from '../../features/shadow-templates/components/shadow-templates-page';

/**
 * /templates: the organization's shadow templates, each with 'Roll out' (named for its template), which opens the
 * rollouts' Roll Out dialog with the bulk actions' device selector to pick the devices (or a fleet).
 */
export function ShadowTemplatesRoute() {
  const [rolling, setRolling] = useState<ShadowTemplate | null>(null);
  return (
    <>
      <ShadowTemplatesPage
        renderActions={(template) => (
          <Button
            size="small"
            variant="outlined"
            aria-label={`Roll out ${template.template_name} to devices`}
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
          DeviceSelector={DeviceSelectorDialog}
        />
      )}
    </>
  );
}
