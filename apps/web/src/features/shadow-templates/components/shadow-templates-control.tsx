import { isTemplateShadow } from '@ec/contract/shadow-template-state';
import type { Shadow } from '@ec/contract/shadows';
import TemplatesIcon from '@mui/icons-material/LibraryBooksOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import type { useShadowCommandFlow } from '../../../lib/shadows/use-shadow-command-flow';
import { ShadowTemplatesDialog } from './shadow-templates-dialog';

/**
 * The Templates button of a configuration tab and its dialog. Applying a template is the tab's own kind
 * of save: a set command through the tab's command flow, against the reported version shown, so the
 * tab's command banner follows it as any save.
 */
export function ShadowTemplatesControl(props: {
  shadow: Shadow | null | undefined;
  flow: Pick<ReturnType<typeof useShadowCommandFlow>, 'start' | 'pending'>;
  canEdit: boolean;
}) {
  const { shadow, flow } = props;
  const [open, setOpen] = useState(false);
  if (!shadow || !isTemplateShadow(shadow.shadow_name)) return null;
  const shadowName = shadow.shadow_name;
  const reported = shadow.reported
    ? { version: shadow.reported.current_version, state: shadow.reported.state ?? null }
    : null;

  const apply = (state: Record<string, unknown>, targetVersion: number) =>
    flow
      .start({
        command_type: 'set',
        commands: [{ shadow_name: shadowName, target_version: targetVersion, state }],
      })
      .catch(() => undefined);

  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      <Button size="small" startIcon={<TemplatesIcon />} onClick={() => setOpen(true)} aria-haspopup="dialog">
        Templates
      </Button>
      <ShadowTemplatesDialog
        open={open}
        onClose={() => setOpen(false)}
        shadowName={shadowName}
        reported={reported}
        canApply={props.canEdit}
        busy={flow.pending}
        onApply={apply}
      />
    </Stack>
  );
}
