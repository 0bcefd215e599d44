import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { NAV_WIDTH } from './nav-width';
import { SideNav } from './side-nav';

/** The navigation as a drawer over the page on small screens; loaded when first opened. */
export function PhoneNavigation(props: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      variant="temporary"
      open={props.open}
      onClose={props.onClose}
      sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: NAV_WIDTH } }}
    >
      {/* The app bar stays above the drawer, so its content starts below it. */}
      <Toolbar />
      <SideNav onNavigate={props.onClose} />
    </Drawer>
  );
}
