import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { LegalDocumentName } from '../../../components/legal/legal-documents';
import { captureEmailFormSchema } from '../logic/auth-forms';
import { AuthBox } from './auth-box';

const LegalDialog = lazy(() =>
  import('../../../components/legal/legal-dialog').then((m) => ({ default: m.LegalDialog })),
);

/**
 * capture_email (spec 1 §2.3). The first screen of the login page: one field, so it does without the
 * form library the later stages load. Like those forms it validates on submit, then on every change.
 */
export function CaptureEmailStage(props: {
  email: string;
  error: string | null;
  busy: boolean;
  onSubmit: (email: string) => void;
}) {
  const [reading, setReading] = useState<LegalDocumentName | null>(null);
  const [opened, setOpened] = useState(false);
  const read = (document: LegalDocumentName) => {
    setReading(document);
    setOpened(true);
  };
  const [email, setEmail] = useState(props.email);
  const [submitted, setSubmitted] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const parsed = captureEmailFormSchema.safeParse({ email });
  const message = submitted && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  return (
    <AuthBox title="User Login" error={props.error}>
      <Typography>Welcome, please enter your company email address to continue.</Typography>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (parsed.success) props.onSubmit(parsed.data.email);
          else input.current?.focus();
        }}
      >
        {/* What a TextField renders, without it: TextField imports MUI's Select (and its menu and
            modal), which the login page's first screen would load for nothing (decision 275). */}
        <FormControl fullWidth margin="dense" error={Boolean(message)}>
          <InputLabel htmlFor={id}>E-mail</InputLabel>
          <OutlinedInput
            id={id}
            name="email"
            label="E-mail"
            type="email"
            autoComplete="username"
            autoFocus
            inputRef={input}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-describedby={message ? `${id}-helper-text` : undefined}
          />
          {message && <FormHelperText id={`${id}-helper-text`}>{message}</FormHelperText>}
        </FormControl>
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
          onClick={() => read('privacy')}
          sx={{ minHeight: 24 }}
        >
          View the Privacy Policy
        </Link>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => read('csa')}
          sx={{ minHeight: 24 }}
        >
          View the Cloud Services Agreement (CSA)
        </Link>
      </Stack>
      {/* The dialog loads when a document is first opened, and stays for its closing transition. */}
      {opened && (
        <Suspense fallback={null}>
          <LegalDialog document={reading} onClose={() => setReading(null)} />
        </Suspense>
      )}
    </AuthBox>
  );
}
