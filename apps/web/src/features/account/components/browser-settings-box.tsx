import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { SectionCard } from '../../../components/ui/section-card';
import {
  DEFAULT_MULTIVIEW_SORT_BY,
  DEFAULT_MULTIVIEW_SORT_ORDER,
  type MultiviewSortBy,
  type Preferences,
  preferences,
  type SortOrder,
  usePreference,
} from '../../../lib/preferences';

type SwitchPreference = {
  [K in keyof Preferences]-?: NonNullable<Preferences[K]> extends boolean ? K : never;
}[keyof Preferences];

function PreferenceSwitch(props: { name: SwitchPreference; label: string; checked: boolean; help: string }) {
  return (
    <div>
      <FormControlLabel
        control={
          <Switch
            checked={props.checked}
            onChange={(event) => preferences.set(props.name, event.target.checked)}
          />
        }
        label={props.label}
      />
      <FormHelperText sx={{ mt: 0 }}>{props.help}</FormHelperText>
    </div>
  );
}

function PreferenceSelect<K extends 'multiviewSortBy' | 'multiviewSortOrder'>(props: {
  name: K;
  label: string;
  value: NonNullable<Preferences[K]>;
  options: Record<NonNullable<Preferences[K]>, string>;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(event) => preferences.set(props.name, event.target.value as Preferences[K])}
      sx={{ minWidth: 200 }}
    >
      {Object.entries<string>(props.options).map(([value, label]) => (
        <MenuItem key={value} value={value}>
          {label}
        </MenuItem>
      ))}
    </TextField>
  );
}

const SORT_BY_LABELS: Record<MultiviewSortBy, string> = {
  device_name: 'Device Name',
  input_name: 'Input Name',
};
const SORT_ORDER_LABELS: Record<SortOrder, string> = { asc: 'Ascending', desc: 'Descending' };

/** Browser Specific Settings (spec 1 §3): preferences kept in this browser only. */
export function BrowserSettingsBox(props: { platformAdmin: boolean }) {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const darkMode = usePreference('darkMode') ?? prefersDark;
  const ignoreReactive = usePreference('ignoreReactive') ?? false;
  const shadowDebug = usePreference('shadowDebug') ?? false;
  const sortBy = usePreference('multiviewSortBy') ?? DEFAULT_MULTIVIEW_SORT_BY;
  const sortOrder = usePreference('multiviewSortOrder') ?? DEFAULT_MULTIVIEW_SORT_ORDER;

  return (
    <SectionCard title="Browser Specific Settings">
      <FormGroup>
        <PreferenceSwitch
          name="darkMode"
          label="Dark Mode"
          checked={darkMode}
          help="Use the dark theme in this browser."
        />
        <PreferenceSwitch
          name="ignoreReactive"
          label="Ignore Reactive Layout"
          checked={ignoreReactive}
          help="Keep every device list column on smaller screens."
        />
        {props.platformAdmin && (
          <PreferenceSwitch
            name="shadowDebug"
            label="Shadow Debug"
            checked={shadowDebug}
            help="Show the raw device shadow documents on the configuration pages."
          />
        )}
      </FormGroup>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
        <PreferenceSelect
          name="multiviewSortBy"
          label="Multiview Sort By"
          value={sortBy}
          options={SORT_BY_LABELS}
        />
        <PreferenceSelect
          name="multiviewSortOrder"
          label="Multiview Sort Order"
          value={sortOrder}
          options={SORT_ORDER_LABELS}
        />
      </Stack>
    </SectionCard>
  );
}
