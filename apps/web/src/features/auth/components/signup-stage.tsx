import { type AuthInfo, DEFAULT_LOCALE, DEFAULT_TIMEZONE, PASSWORD_MIN_LENGTH } from '@ec/contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormLocaleSelect, FormTimezoneSelect } from '../../../components/form/form-selects';
import { FormTextField } from '../../../components/form/form-text-field';
import { paths } from '../../../config/paths';
import { MUST_AGREE, type SignUpForm, signUpFormSchema } from '../logic/auth-forms';
import { AuthBox } from './auth-box';

export interface SignUpValues {
  name: string;
  email: string;
  password: string;
  locale: string;
  timezone: string;
}

/** signup, 'Create New Account' (spec 1 §2.3, §5). */
export function SignUpStage(props: {
  email: string;
  error: string | null;
  busy: boolean;
  onSubmit: (values: SignUpValues) => void;
  onCancel: () => void;
  ssoProviders: AuthInfo['sso_providers'];
  ssoBusy: boolean;
  onSso: (providerName: string) => void;
}) {
  const form = useForm<SignUpForm, unknown, SignUpValues & { agree: boolean; confirmPassword: string }>({
    resolver: zodResolver(signUpFormSchema),
    mode: 'onTouched',
    defaultValues: {
      agree: false,
      name: '',
      email: props.email,
      password: '',
      confirmPassword: '',
      locale: DEFAULT_LOCALE,
      timezone: DEFAULT_TIMEZONE,
    },
  });
  const { errors } = form.formState;
  const agreed = form.watch('agree');
  const passwordHint = `At least ${PASSWORD_MIN_LENGTH} characters`;

  return (
    <AuthBox title="Create New Account" error={props.error}>
      <form
        noValidate
        onSubmit={form.handleSubmit(({ agree: _agree, confirmPassword: _confirm, ...values }) =>
          props.onSubmit(values),
        )}
      >
        <Controller
          control={form.control}
          name="agree"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  name={field.name}
                />
              }
              label="I agree to the Terms of the Cloud Services Agreement as defined."
            />
          )}
        />
        {!agreed && <FormHelperText error>{errors.agree?.message ?? MUST_AGREE}</FormHelperText>}
        <Link component={RouterLink} to={paths.legal.getHref('csa')} target="_blank" variant="body2">
          Read the Cloud Services Agreement
        </Link>
        {props.ssoProviders.length > 0 && (
          <Stack spacing={1} sx={{ my: 1 }}>
            {props.ssoProviders.map((provider) => (
              <Button
                key={provider.provider_name}
                variant="outlined"
                disabled={!agreed}
                loading={props.ssoBusy}
                onClick={() => props.onSso(provider.provider_name)}
              >
                Sign up with {provider.label}
              </Button>
            ))}
          </Stack>
        )}
        <FormTextField form={form} name="name" label="Full Name" autoComplete="name" />
        <FormTextField form={form} name="email" label="E-mail" type="email" autoComplete="username" />
        <FormTextField
          form={form}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={passwordHint}
        />
        <FormTextField
          form={form}
          name="confirmPassword"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          hint={passwordHint}
        />
        <FormLocaleSelect form={form} name="locale" />
        <FormTimezoneSelect form={form} name="timezone" />
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button onClick={props.onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!agreed} loading={props.busy}>
            Create Account
          </Button>
        </Stack>
      </form>
    </AuthBox>
  );
}
