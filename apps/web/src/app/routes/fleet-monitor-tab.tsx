import type { DeviceRights } from '@ec/contract/access';
import type { Device } from '@ec/contract/devices';
import { featureLabel } from '@ec/contract/entitlements/capability-catalogue';
import type { Fleet } from '@ec/contract/fleets';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { SizedDialog } from '../../components/ui/sized-dialog';
import type { ConfigSection } from '../../config/paths';
import { OutputControlDialog } from '../../features/device-commands/components/output-control-dialog';
import { commandsMenuEntries } from '../../features/device-commands/logic/menu-entries';
import { ConfigTab } from '../../features/device-config/components/config-tab';
import { DeviceMonitorSection } from '../../features/device-monitor/components/device-monitor-section';
import { FleetMonitor } from '../../features/fleet-monitor/components/fleet-monitor';
import { useDevice } from '../../lib/devices/get-device';
import { useDeviceEntitlements } from '../../lib/entitlements/get-device-entitlements';
import { deviceConfigSlots } from './device-config-slots';
import { useConfigurationEditable } from './use-configuration-editable';

const NO_RIGHTS: DeviceRights = { control: false, edit: false, admin: false };

/** Configure Device (spec 2 §2.6): the device page's configuration tabs in a dialog. */
function ConfigureDeviceDialog(props: {
  device: Device;
  rights: DeviceRights;
  open: boolean;
  onClose: () => void;
}) {
  const { device } = props;
  const titleId = useId();
  const [section, setSection] = useState<ConfigSection>('inputs');
  const canEdit = useConfigurationEditable(device.device_guid, props.rights);
  return (
    <SizedDialog width="90%" open={props.open} onClose={props.onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Configure {device.device_name || device.serial_number}</DialogTitle>
      <DialogContent>
        <ConfigTab
          deviceGuid={device.device_guid}
          subsection={section}
          onSubsectionChange={setSection}
          online={device.online}
          canEdit={canEdit}
          withUtc={device.product_name === 'edgecaster'}
          slots={deviceConfigSlots}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </SizedDialog>
  );
}

/** A monitor card's actions: Configure Device for editors, Output Control for those who control the device. */
function FleetDeviceActions({ device, fleet }: { device: Device; fleet: Fleet }) {
  const [open, setOpen] = useState<'config' | 'outputs' | null>(null);
  const detail = useDevice(device.device_guid);
  const entitlements = useDeviceEntitlements(device.device_guid);
  const rights = detail.data?.rights ?? NO_RIGHTS;
  const outputControl = commandsMenuEntries({
    rights,
    entitlements: entitlements.data?.properties ?? null,
    cloudVersion: device.cloud_version,
    online: device.online,
    localAccess: 'unreachable',
    featureLabel: (feature) => featureLabel(device.product_name, feature),
  }).find((entry) => entry.item === 'output_control');
  const name = device.device_name || device.serial_number;
  return (
    <>
      {fleet.editable && (
        <Button
          variant="outlined"
          size="small"
          aria-label={`Configure Device ${name}`}
          onClick={() => setOpen('config')}
        >
          Configure Device
        </Button>
      )}
      {fleet.controllable && outputControl && (
        <Button
          variant="outlined"
          size="small"
          aria-label={`Output Control ${name}`}
          onClick={() => setOpen('outputs')}
        >
          Output Control
        </Button>
      )}
      {open === 'config' && (
        <ConfigureDeviceDialog device={device} rights={rights} open onClose={() => setOpen(null)} />
      )}
      <OutputControlDialog
        deviceGuid={device.device_guid}
        open={open === 'outputs'}
        disabledReason={outputControl?.disabledReason ?? null}
        onClose={() => setOpen(null)}
      />
    </>
  );
}

/** The fleet's Monitor tab (spec 2 §2.6): the fleet monitor with each device's monitor view and actions. */
export function FleetMonitorTab({ fleet }: { fleet: Fleet }) {
  return (
    <FleetMonitor
      fleet={fleet}
      monitor={(device) => <DeviceMonitorSection device={device} />}
      actions={
        fleet.editable || fleet.controllable
          ? (device) => <FleetDeviceActions device={device} fleet={fleet} />
          : undefined
      }
    />
  );
}
