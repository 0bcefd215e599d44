import type { Shadow } from '@ec/contract/shadows';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useParams } from 'react-router';
import { type HistoryCommandFlow, ShadowHistoryDialog } from './shadow-history-dialog';

/**
 * The History button of a configuration tab, for everyone who sees the configuration, and the panel
 * it opens. The device is the one of the page's route (/devices/:deviceGuid/config/...), the shadow
 * the tab's; nothing shows before the shadow has loaded.
 */
export function ShadowHistoryButton(props: {
  shadow: Shadow | null | undefined;
  flow: HistoryCommandFlow;
  canEdit: boolean;
}) {
  const { deviceGuid } = useParams();
  const [open, setOpen] = useState(false);
  if (!deviceGuid || !props.shadow) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Button size="small" startIcon={<HistoryIcon />} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        History
      </Button>
      {open && (
        <ShadowHistoryDialog
          deviceGuid={deviceGuid}
          shadow={props.shadow}
          flow={props.flow}
          canEdit={props.canEdit}
          onClose={() => setOpen(false)}
        />
      )}
    </Box>
  );
}
