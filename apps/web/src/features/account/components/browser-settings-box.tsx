import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type Preferences, preferences, usePreference } from '../../../lib/preferences';
import { AccountSection } from './account-section';

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

/** Browser Specific Settings (spec 1 §3): preferences kept in this browser only. */
export function BrowserSettingsBox(props: { platformAdmin: boolean }) {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const darkMode = usePreference('darkMode') ?? prefersDark;
  const ignoreReactive = usePreference('ignoreReactive') ?? false;
  const shadowDebug = usePreference('shadowDebug') ?? false;

  return (
    <AccountSection title="Browser Specific Settings">
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
    </AccountSection>
  );
}
