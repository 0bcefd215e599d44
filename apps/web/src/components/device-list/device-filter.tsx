import type { Device } from '@ec/contract/devices';
import { EVENT_DEVICES_MAX } from '@ec/contract/events';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useAllDevices } from '../../lib/devices/get-all-devices';
import { useDevicesByGuid } from '../../lib/devices/get-devices-by-guid';
import { useDeviceSearch } from '../../lib/devices/search-devices';
import { LimitedMultiSelect } from '../form/limited-multi-select';

const deviceName = (device: Device) => device.device_name || device.serial_number;
const byName = new Intl.Collator().compare;

/**
 * Picks some of the organization's devices (spec 2 §2.9 "filter by selected devices"): searchable by
 * name or serial number; none picked means every device, unless `emptyText` says otherwise. It offers
 * the organization's first 1000 devices by name (a list's limit) and, once something is typed, the
 * server's matches among all of them; the picked ones are looked up by guid, wherever they are.
 */
export function DeviceFilter(props: {
  value: readonly string[];
  onChange: (deviceGuids: string[]) => void;
  emptyText?: string;
}) {
  const [typed, setTyped] = useState('');
  const devices = useAllDevices();
  const search = useDeviceSearch(typed);
  const picked = useDevicesByGuid(props.value);
  const byGuid = new Map<string, Device>();
  for (const device of [...(devices.data ?? []), ...search.devices, ...picked.devices.values()])
    byGuid.set(device.device_guid, device);
  const options = [...byGuid.values()].sort((a, b) => byName(deviceName(a), deviceName(b)));
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
      list={{ ...devices, isLoading: devices.isLoading || (search.isFetching && options.length === 0) }}
      inputValue={typed}
      // 'reset' is the field following its value, which is a new list on every render of a search.
      onInputChange={(_event, text, reason) => reason !== 'reset' && setTyped(text)}
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
