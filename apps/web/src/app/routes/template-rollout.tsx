import type { ShadowTemplate } from '@ec/contract/shadow-templates';
import Button from '@mui/material/Button';
import { useState } from 'react';
import type { RolloutSourceChoice } from '../../features/rollouts/components/rollout-dialog';

/**
 * The templates pages' 'Roll out' action (the organization's and a fleet's): a button named for its
 * template and its target (`to devices`, `to the fleet`), and the template it chose as the Roll Out
 * dialog's source until the dialog closes.
 */
export function useTemplateRollout(target: string) {
  const [rolling, setRolling] = useState<ShadowTemplate | null>(null);
  const source: RolloutSourceChoice | null = rolling && {
    kind: 'template',
    template_guid: rolling.template_guid,
    template_name: rolling.template_name,
    shadow_name: rolling.shadow_name,
  };
  return {
    source,
    close: () => setRolling(null),
    action: (template: ShadowTemplate) => (
      <Button
        size="small"
        variant="outlined"
        aria-label={`Roll out ${template.template_name} ${target}`}
        onClick={() => setRolling(template)}
      >
        Roll out
      </Button>
    ),
  };
}
