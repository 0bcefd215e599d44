import { type DeviceRights, isPlatformAdmin } from '@ec/contract/access';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { BackButton } from '../../components/ui/back-button';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { RequestError } from '../../components/ui/request-error';
import { DEVICE_SECTIONS, type DeviceSection, paths } from '../../config/paths';
import { useDevice } from '../../lib/devices/get-device';
import { useSessionUser } from '../../lib/session/get-session-user';
import { DeviceHeader } from './device-header';
import { DeviceInfoTab } from './device-info-tab';
import { useConfigurationEditable } from './use-configuration-editable';

// The tabs other than Info load when they are opened: the first view is the Info tab (issue 28).
const DeviceConfigSection = lazy(() =>
  import('./device-config-section').then((m) => ({ default: m.DeviceConfigSection })),
);
const ContainersTab = lazy(() =>
  import('../../features/device-containers/components/containers-tab').then((m) => ({
    default: m.ContainersTab,
  })),
);
const DeviceUsersTab = lazy(() =>
  import('../../features/device-users/components/device-users-tab').then((m) => ({
    default: m.DeviceUsersTab,
  })),
);
const DeviceLicensesTab = lazy(() =>
  import('../../features/device-licenses/components/device-licenses-tab').then((m) => ({
    default: m.DeviceLicensesTab,
  })),
);

const LABELS: Record<DeviceSection, string> = {
  info: 'Info',
  config: 'Config',
  containers: 'Containers',
  users: 'Users',
  licenses: 'Licenses',
};

/** Until the device has loaded, nothing is granted: the forms stay read-only. */
const NO_RIGHTS: DeviceRights = { control: false, edit: false, admin: false };

/**
 * /devices/{device_guid}/{section?}/{subsection?} (spec 2 §2.5): composes the device's features: the
 * header and Info tab (beside this file), configuration, containers, users and licences. What the user may do comes with the device (its `rights`), not from the selected
 * organization: a user of this device alone may control or edit it too.
 */
export function DevicePage() {
  const { deviceGuid = '', section: rawSection, subsection } = useParams();
  const device = useDevice(deviceGuid);
  const user = useSessionUser();
  const admin = isPlatformAdmin(user.data?.user.groups ?? []);
  const rights = device.data?.rights ?? NO_RIGHTS;
  const configEditable = useConfigurationEditable(deviceGuid, rights);

  if (device.isPending) return <PageSkeleton label="Loading device" boxes={3} />;
  if (device.isError) {
    return (
      <Paper variant="outlined" sx={{ p: 4, my: 2 }}>
        <Stack spacing={2}>
          <Typography variant="h1">Device Error</Typography>
          <RequestError error={device.error} onRetry={device.refetch} />
          <div>
            <BackButton to={paths.devices.list.getHref()} label="Devices" />
          </div>
        </Stack>
      </Paper>
    );
  }

  // Sections are judged once the rights are known, so that a deep link to Users survives the loading.
  const sections = DEVICE_SECTIONS.filter((s) => s !== 'users' || rights.edit);
  const wanted = (rawSection?.toLowerCase() ?? 'info') as DeviceSection;
  const section = sections.includes(wanted) ? wanted : null;
  if (!section) return <Navigate to={paths.devices.detail.getHref(deviceGuid)} replace />;

  const current = device.data.device;
  return (
    <>
      <DeviceHeader device={current} />
      <Tabs
        value={section}
        aria-label="Device sections"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {sections.map((value) => (
          <Tab
            key={value}
            value={value}
            label={LABELS[value]}
            component={Link}
            to={paths.devices.detail.getHref(deviceGuid, value)}
          />
        ))}
      </Tabs>
      <div role="tabpanel" aria-label={LABELS[section]}>
        {section === 'info' && <DeviceInfoTab device={current} isPlatformAdmin={admin} />}
        <Suspense fallback={<PageSkeleton label={`Loading ${LABELS[section]}`} boxes={2} />}>
          {section === 'config' && (
            <DeviceConfigSection
              deviceGuid={deviceGuid}
              subsection={subsection}
              online={current.online}
              canEdit={configEditable}
              withUtc={current.product_name === 'edgecaster'}
            />
          )}
          {section === 'containers' && <ContainersTab device={current} rights={rights} />}
          {section === 'users' && <DeviceUsersTab deviceGuid={deviceGuid} canEdit={rights.edit} />}
          {section === 'licenses' && (
            <DeviceLicensesTab
              deviceGuid={deviceGuid}
              deviceName={current.device_name || current.serial_number}
              rights={rights}
            />
          )}
        </Suspense>
      </div>
    </>
  );
}
