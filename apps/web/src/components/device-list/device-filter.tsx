import type { Device } from '@ec/contract/devices';
import { EVENT_DEVICES_MAX } from '@ec/contract/events';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAllDevices } from '../../lib/devices/get-all-devices';
import { RequestError } from '../ui/request-error';

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
  const full = props.value.length >= EVENT_DEVICES_MAX;
  return (
    <Box sx={{ flex: { sm: '1 1 260px' }, minWidth: { sm: 260 }, maxWidth: { sm: 560 } }}>
      <Autocomplete
        multiple
        size="small"
        options={options}
        value={selected}
        loading={devices.isLoading}
        limitTags={3}
        getOptionLabel={deviceName}
        isOptionEqualToValue={(option, value) => option.device_guid === value.device_guid}
        getOptionDisabled={(option) => full && !props.value.includes(option.device_guid)}
        filterOptions={(list, state) => {
          const wanted = state.inputValue.trim().toLowerCase();
          return list.filter(
            (device) =>
              !wanted ||
              device.device_name.toLowerCase().includes(wanted) ||
              device.serial_number.toLowerCase().includes(wanted),
          );
        }}
        onChange={(_event, next) => props.onChange(next.map((device) => device.device_guid))}
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
        renderInput={(params) => (
          <TextField
            {...params}
            label="Devices"
            placeholder={selected.length ? undefined : (props.emptyText ?? 'All devices')}
            helperText={full ? `At most ${EVENT_DEVICES_MAX} devices at once` : undefined}
          />
        )}
      />
      {devices.error && <RequestError error={devices.error} onRetry={devices.refetch} />}
    </Box>
  );
}
