import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ApartmentIcon from '@mui/icons-material/Apartment';
import AssessmentIcon from '@mui/icons-material/Assessment';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DevicesIcon from '@mui/icons-material/Devices';
import EventNoteIcon from '@mui/icons-material/EventNote';
import FileCopyIcon from '@mui/icons-material/FileCopy';
import GroupIcon from '@mui/icons-material/Group';
import InventoryIcon from '@mui/icons-material/Inventory';
import LanIcon from '@mui/icons-material/Lan';
import NotificationsIcon from '@mui/icons-material/Notifications';
import SearchIcon from '@mui/icons-material/Search';
import ViewInArIcon from '@mui/icons-material/ViewInAr';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import WavesIcon from '@mui/icons-material/Waves';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { NavLink } from 'react-router';
import { useCurrentOrg } from '../../lib/session/get-orgs';
import { useSessionUser } from '../../lib/session/get-session-user';
import { visibleNavGroups } from './nav-items';

const ICONS: Record<string, ReactElement> = {
  dashboard: <DashboardIcon />,
  alerts: <NotificationsIcon />,
  events: <EventNoteIcon />,
  metrics: <AssessmentIcon />,
  devices: <DevicesIcon />,
  search: <SearchIcon />,
  fleets: <LanIcon />,
  templates: <FileCopyIcon />,
  rollouts: <WavesIcon />,
  licenses: <CardMembershipIcon />,
  provisioned: <InventoryIcon />,
  orgs: <ApartmentIcon />,
  users: <GroupIcon />,
  entitlements: <VpnKeyIcon />,
  containers: <ViewInArIcon />,
};

/**
 * Side navigation: the user and organization names, then the menu of spec 1 §2.2. The names show as
 * skeletons while they load, rather than a wrong 'No Organization'.
 */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const user = useSessionUser();
  const { org, orgGuid, isPending: orgsPending } = useCurrentOrg();
  const groups = visibleNavGroups(user.data?.user.groups ?? []);

  return (
    <Box component="nav" aria-label="Main navigation" sx={{ overflowY: 'auto' }}>
      <Box sx={{ px: 2, py: 1.5 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }} noWrap data-testid="nav-user-name">
          {user.data ? user.data.user.name : <Skeleton width="70%" />}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap data-testid="nav-org-name">
          {org?.org_name ?? (orgsPending ? <Skeleton width="50%" /> : (orgGuid ?? 'No Organization'))}
        </Typography>
      </Box>
      <Divider />
      {groups.map((group, index) => (
        <List
          key={group.title ?? index}
          dense
          subheader={
            group.title ? (
              <ListSubheader
                disableSticky
                sx={{ lineHeight: '32px', display: 'flex', gap: 1, alignItems: 'center' }}
              >
                {group.requires && <AdminPanelSettingsIcon fontSize="inherit" aria-hidden />}
                {group.title}
              </ListSubheader>
            ) : undefined
          }
        >
          {group.items.map((item) => (
            <ListItem key={item.to} disablePadding>
              <ListItemButton
                component={NavLink}
                to={item.to}
                onClick={onNavigate}
                sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
              >
                <ListItemIcon>{ICONS[item.icon]}</ListItemIcon>
                <ListItemText primary={item.label} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      ))}
    </Box>
  );
}
