import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link } from 'react-router';
import { CONFIG_SECTIONS, type ConfigSection, paths } from '../../../config/paths';
import { AlertsTab } from './alerts-tab';
import { type ConfigSlots, ConfigSlotsContext } from './config-slots';
import { EncodersTab } from './encoders-tab';
import { InputsTab } from './inputs-tab';
import { OutputsTab } from './outputs-tab';
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

/** The form of one section, for one device: a device change starts it afresh. */
function SectionTab(props: {
  section: ConfigSection;
  deviceGuid: string;
  online: boolean;
  canEdit: boolean;
  withUtc: boolean;
}) {
  const { deviceGuid, online, canEdit } = props;
  switch (props.section) {
    case 'inputs':
      return <InputsTab deviceGuid={deviceGuid} online={online} canEdit={canEdit} />;
    case 'encoders':
      return <EncodersTab deviceGuid={deviceGuid} online={online} canEdit={canEdit} />;
    case 'outputs':
      return <OutputsTab deviceGuid={deviceGuid} online={online} canEdit={canEdit} />;
    case 'system':
      return <SystemTab deviceGuid={deviceGuid} online={online} canEdit={canEdit} withUtc={props.withUtc} />;
    case 'alerts':
      return <AlertsTab deviceGuid={deviceGuid} online={online} canEdit={canEdit} />;
  }
}

/**
 * The config tab: one sub-tab per shadow document (spec 3 §2.1). `slots` hold what other features show
 * in the tabs (templates, history, input previews), given by the app. On the device page the sub-tabs
 * are links (/devices/{guid}/config/{subsection}); where the tab sits in a dialog (the fleet monitor's
 * Configure Device), `onSubsectionChange` switches them in place.
 */
export function ConfigTab({
  slots,
  onSubsectionChange,
  ...props
}: {
  deviceGuid: string;
  subsection: string | undefined;
  online: boolean;
  canEdit: boolean;
  withUtc: boolean;
  slots: ConfigSlots;
  onSubsectionChange?: (section: ConfigSection) => void;
}) {
  const section = configSectionOf(props.subsection);
  const tabProps = (value: ConfigSection) =>
    onSubsectionChange
      ? {}
      : { component: Link, to: paths.devices.detail.getHref(props.deviceGuid, 'config', value) };
  return (
    <ConfigSlotsContext value={slots}>
      <Box>
        <Tabs
          value={section}
          aria-label="Configuration sections"
          onChange={onSubsectionChange && ((_event, value: ConfigSection) => onSubsectionChange(value))}
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {CONFIG_SECTIONS.map((value) => (
            <Tab key={value} value={value} label={LABELS[value]} {...tabProps(value)} />
          ))}
        </Tabs>
        <div role="tabpanel" aria-label={`${LABELS[section]} configuration`}>
          <SectionTab key={`${section}:${props.deviceGuid}`} section={section} {...props} />
        </div>
      </Box>
    </ConfigSlotsContext>
  );
}
