import { isPlatformAdmin } from '@ec/contract/access';
import type { Shadow } from '@ec/contract/shadows';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { usePreference } from '../../../lib/preferences';
import { useSessionUser } from '../../../lib/session/get-session-user';

/**
 * The raw shadow document under a configuration form (spec 3 §2.2), for platform admins who turned on
 * Shadow Debug in their browser settings; nothing for anyone else.
 */
export function ShadowDebugView(props: { shadow: Shadow | null | undefined }) {
  const debug = usePreference('shadowDebug') ?? false;
  return debug && props.shadow ? <RawShadowForAdmins shadow={props.shadow} /> : null;
}

function RawShadowForAdmins(props: { shadow: Shadow }) {
  const user = useSessionUser();
  if (!isPlatformAdmin(user.data?.user.groups ?? [])) return null;
  return (
    <Accordion variant="outlined" disableGutters>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography>Raw {props.shadow.shadow_name} Shadow</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Box
          component="pre"
          aria-label={`Raw ${props.shadow.shadow_name} shadow document`}
          sx={{ m: 0, overflow: 'auto', maxHeight: 480, fontSize: 12 }}
        >
          {JSON.stringify(props.shadow, null, 2)}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
