import type { Device } from '@ec/contract/devices';
import { EVENT_DEVICES_MAX } from '@ec/contract/events';
import Typography from '@mui/material/Typography';
import { useAllDevices } from '../../lib/devices/get-all-devices';
import { LimitedMultiSelect } from '../form/limited-multi-select';

const deviceName = (device: Device) => device.device_name || device.serial_number;

/**
 * Picks some of the organization's devices (spec 2 §2.9 "filter by selected devices"): searchable by
 * name or serial number; none picked means every device, unless `emptyText` says otherwise.
 */
export function DeviceFilter(props: {
  value: readonly string[];
  onChange: (deviceGuids: string[]) => void;
  emptyText?: string;
}) {
  const devices = useAllDevices();
  const options = devices.data ?? [];
  const byGuid = new Map(options.map((device) => [device.device_guid, device]));
  const selected = props.value.flatMap((guid) => byGuid.get(guid) ?? []);
  return (
    <LimitedMultiSelect
      label="Devices"
      options={options}
      value={selected}
      onChange={(next) => props.onChange(next.map((device) => device.device_guid))}
      keyOf={(device) => device.device_guid}
      max={EVENT_DEVICES_MAX}
      fullText={`At most ${EVENT_DEVICES_MAX} devices at once`}
      emptyText={props.emptyText ?? 'All devices'}
      list={devices}
      getOptionLabel={deviceName}
      filterOptions={(list, state) => {
        const wanted = state.inputValue.trim().toLowerCase();
        return list.filter(
          (device) =>
            !wanted ||
            device.device_name.toLowerCase().includes(wanted) ||
            device.serial_number.toLowerCase().includes(wanted),
        );
      }}
      renderOption={({ key: _key, ...optionProps }, device) => (
        <li key={device.device_guid} {...optionProps}>
          <span>
            {deviceName(device)}
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 1 }}>
              {device.serial_number}
            </Typography>
          </span>
        </li>
      )}
    />
  );
}
