import type { PullImageBody } from '@ec/contract/device-docker';
import { usesProviderRegistry } from '@ec/contract/device-docker';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '../../../components/form/form-dialog';

const EMPTY = { repository: '', tag: 'latest', username: '', password: '' };

/**
 * Pull Image (spec 3 §5): repository and tag (latest) required; the password field only once a user
 * name is entered; a repository of the provider's registry (its name holds ecr) without credentials
 * pulls with the provider-registry flag instead.
 */
export function PullImageDialog(props: {
  open: boolean;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onPull: (body: PullImageBody) => void;
}) {
  const [values, setValues] = useState(EMPTY);
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const set = (key: keyof typeof EMPTY, value: string) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const absent = new Set(['repository', 'tag'].filter((key) => !values[key as keyof typeof EMPTY].trim()));
    setMissing(absent);
    if (absent.size) return;
    const repository = values.repository.trim();
    const username = values.username.trim();
    props.onPull({
      repository,
      tag: values.tag.trim(),
      ...(username ? { username, password: values.password } : {}),
      ...(!username && usesProviderRegistry(repository) ? { provider_registry: true } : {}),
    });
  };
  const close = () => {
    setValues(EMPTY);
    setMissing(new Set());
    props.onClose();
  };

  return (
    <FormDialog
      open={props.open}
      onClose={close}
      onSubmit={submit}
      title="Pull Image"
      submitLabel="Pull"
      pending={props.pending}
      error={props.error}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label="Repository"
          required
          value={values.repository}
          onChange={(event) => set('repository', event.target.value)}
          error={missing.has('repository')}
          helperText={
            missing.has('repository') ? 'Repository is required' : 'e.g. videonlabs/html5-graphics-renderer'
          }
        />
        <TextField
          label="Tag"
          required
          value={values.tag}
          onChange={(event) => set('tag', event.target.value)}
          error={missing.has('tag')}
          helperText={missing.has('tag') ? 'Tag is required' : ' '}
        />
        <TextField
          label="Username"
          value={values.username}
          autoComplete="off"
          onChange={(event) => set('username', event.target.value)}
        />
        {values.username.trim() && (
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(event) => set('password', event.target.value)}
          />
        )}
      </Stack>
    </FormDialog>
  );
}
