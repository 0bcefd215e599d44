import type { AuthInfo } from '@ec/contract/auth';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { parseErrorText } from '../../../lib/api-error';
import { useStartSingleSignOn } from '../api/single-sign-on';
import { AuthBox } from './auth-box';

/** sso, 'SSO Login' (spec 1 §2.3): one button per provider, each leaving for its sign-in page. */
export function SsoStage(props: {
  providers: AuthInfo['sso_providers'];
  email: string;
  redirect: string | null;
  onCancel: () => void;
}) {
  const start = useStartSingleSignOn();
  return (
    <AuthBox title="SSO Login" error={start.isError ? parseErrorText(start.error) : null}>
      <Typography>
        <strong>{props.email}</strong> signs in with your organization's single sign-on.
      </Typography>
      <Stack spacing={1}>
        {props.providers.map((provider) => (
          <Button
            key={provider.provider_name}
            variant="contained"
            fullWidth
            loading={start.isPending && start.variables?.provider === provider.provider_name}
            onClick={() =>
              start.mutate({ provider: provider.provider_name, email: props.email, redirect: props.redirect })
            }
          >
            {provider.label}
          </Button>
        ))}
        <Button onClick={props.onCancel}>Cancel SSO Login</Button>
      </Stack>
    </AuthBox>
  );
}
