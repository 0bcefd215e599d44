import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useOrgUsers } from '../../lib/orgs/get-org-users';

/** Who an alert notifies among the organization's users (spec 3 §2.6), by user guid. */
export function NotifyUsersField(props: {
  orgGuid: string;
  value: readonly string[];
  disabled: boolean;
  onChange: (userGuids: string[]) => void;
}) {
  const users = useOrgUsers(props.orgGuid);
  return (
    <Autocomplete
      multiple
      options={users.data?.map((user) => user.user_guid) ?? []}
      value={[...props.value]}
      loading={users.isLoading}
      disabled={props.disabled}
      getOptionLabel={(guid) => {
        const user = users.data?.find((candidate) => candidate.user_guid === guid);
        return user ? `${user.name} (${user.email})` : guid;
      }}
      onChange={(_event, userGuids) => props.onChange(userGuids)}
      renderInput={(params) => <TextField {...params} label="Notify users" />}
    />
  );
}

/** The e-mail addresses an alert notifies, typed one by one (spec 3 §2.6). */
export function NotifyEmailsField(props: {
  value: readonly string[];
  disabled: boolean;
  /** The contract's message for the list, if an address is not valid. */
  issue: string | undefined;
  onChange: (emails: string[]) => void;
}) {
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[]}
      value={[...props.value]}
      disabled={props.disabled}
      onChange={(_event, emails) => props.onChange(emails.map((email) => email.trim()))}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Notify e-mail addresses"
          error={Boolean(props.issue)}
          helperText={props.issue ?? 'Type an address and press Enter'}
        />
      )}
    />
  );
}
