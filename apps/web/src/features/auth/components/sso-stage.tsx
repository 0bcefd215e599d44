import type { AuthInfo } from '@ec/contract/auth';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { AuthBox } from './auth-box';

/** sso (spec 1 §2.3): one button per provider. Federated sign-in itself arrives with a later issue. */
export function SsoStage(props: { providers: AuthInfo['sso_providers']; onCancel: () => void }) {
  return (
    <AuthBox title="SSO Login">
      <Stack spacing={1}>
        {props.providers.map((provider) => (
          <Tooltip key={provider.provider_name} title="Not implemented yet">
            <span>
              <Button variant="contained" fullWidth disabled>
                {provider.label}
              </Button>
            </span>
          </Tooltip>
        ))}
        <Button onClick={props.onCancel}>Cancel SSO Login</Button>
      </Stack>
    </AuthBox>
  );
}
