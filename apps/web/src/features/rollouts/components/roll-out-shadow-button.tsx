import { isTemplateShadow, templateStateOf } from '@ec/contract/shadow-template-state';
import type { Shadow } from '@ec/contract/shadows';
import WavesIcon from '@mui/icons-material/Waves';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { type DeviceSelectorSlot, RolloutDialog } from './rollout-dialog';

/**
 * 'Roll Out' beside a configuration tab's Templates: this device's saved configuration of the tab's
 * shadow (as a template keeps it: no secrets, no identity of this device) rolled out to other devices
 * or a fleet in waves. For the device's editors, once the device reported the document.
 */
export function RollOutShadowButton(props: {
  shadow: Shadow | null | undefined;
  canEdit: boolean;
  DeviceSelector?: DeviceSelectorSlot;
}) {
  const [open, setOpen] = useState(false);
  const { shadow } = props;
  if (!props.canEdit || !shadow?.reported?.state || !isTemplateShadow(shadow.shadow_name)) return null;
  const shadowName = shadow.shadow_name;
  return (
    <>
      <Button size="small" startIcon={<WavesIcon />} onClick={() => setOpen(true)} aria-haspopup="dialog">
        Roll Out
      </Button>
      {open && (
        <RolloutDialog
          open
          onClose={() => setOpen(false)}
          source={{
            kind: 'change',
            shadow_name: shadowName,
            state: templateStateOf(shadowName, shadow.reported.state),
          }}
          DeviceSelector={props.DeviceSelector}
        />
      )}
    </>
  );
}
