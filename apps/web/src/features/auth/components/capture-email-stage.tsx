import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { LegalDialog } from '../../legal/components/legal-dialog';
import type { LegalDocumentName } from '../../legal/logic/legal-texts';
import { captureEmailFormSchema } from '../logic/auth-forms';
import { AuthBox } from './auth-box';

/** capture_email (spec 1 §2.3). */
export function CaptureEmailStage(props: {
  email: string;
  error: string | null;
  busy: boolean;
  onSubmit: (email: string) => void;
}) {
  const [reading, setReading] = useState<LegalDocumentName | null>(null);
  const form = useForm({
    resolver: zodResolver(captureEmailFormSchema),
    defaultValues: { email: props.email },
  });
  return (
    <AuthBox title="User Login" error={props.error}>
      <Typography>Welcome, please enter your company email address to continue.</Typography>
      <form noValidate onSubmit={form.handleSubmit((values) => props.onSubmit(values.email))}>
        <FormTextField
          form={form}
          name="email"
          label="E-mail"
          type="email"
          autoComplete="username"
          autoFocus
        />
        <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} loading={props.busy}>
          Continue
        </Button>
      </form>
      {/* Targets of at least 24 px with room between them, also when they wrap on a phone (WCAG 2.5.8). */}
      <Stack direction="row" sx={{ justifyContent: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => setReading('privacy')}
          sx={{ minHeight: 24 }}
        >
          View the Privacy Policy
        </Link>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => setReading('csa')}
          sx={{ minHeight: 24 }}
        >
          View the Cloud Services Agreement (CSA)
        </Link>
      </Stack>
      <LegalDialog document={reading} onClose={() => setReading(null)} />
    </AuthBox>
  );
}
