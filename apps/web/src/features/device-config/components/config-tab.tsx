import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link } from 'react-router';
import { NotImplemented } from '../../../components/ui/not-implemented';
import { CONFIG_SECTIONS, type ConfigSection, paths } from '../../../config/paths';
import { AlertsTab } from './alerts-tab';
import { SystemTab } from './system-tab';

const LABELS: Record<ConfigSection, string> = {
  inputs: 'Inputs',
  encoders: 'Encoders',
  outputs: 'Outputs',
  system: 'System',
  alerts: 'Alerts',
};

/** The sub-section of /devices/{guid}/config/{subsection}: case-insensitive, inputs by default (spec 3 §2.1). */
export function configSectionOf(subsection: string | undefined): ConfigSection {
  const wanted = subsection?.toLowerCase();
  return CONFIG_SECTIONS.find((section) => section === wanted) ?? 'inputs';
}

/** The config tab: one sub-tab per shadow. Only System is built so far. */
export function ConfigTab(props: {
  deviceGuid: string;
  subsection: string | undefined;
  online: boolean;
  canEdit: boolean;
  withUtc: boolean;
}) {
  const section = configSectionOf(props.subsection);
  return (
    <Box>
      <Tabs
        value={section}
        aria-label="Configuration sections"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {CONFIG_SECTIONS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={LABELS[value]}
            component={Link}
            to={paths.devices.detail.getHref(props.deviceGuid, 'config', value)}
          />
        ))}
      </Tabs>
      <div role="tabpanel" aria-label={`${LABELS[section]} configuration`}>
        {section === 'system' ? (
          <SystemTab
            key={props.deviceGuid}
            deviceGuid={props.deviceGuid}
            online={props.online}
            canEdit={props.canEdit}
            withUtc={props.withUtc}
          />
        ) : section === 'alerts' ? (
          <AlertsTab
            key={props.deviceGuid}
            deviceGuid={props.deviceGuid}
            online={props.online}
            canEdit={props.canEdit}
          />
        ) : (
          <NotImplemented embedded />
        )}
      </div>
    </Box>
  );
}
