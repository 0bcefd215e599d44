import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The card every authentication stage is shown in, with its red error alert (spec 1 §8). */
export function AuthBox(props: {
  title: string;
  error?: string | null;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 4 }, mx: 'auto', my: { xs: 2, sm: 6 }, maxWidth: props.wide ? 880 : 480 }}
    >
      <Stack spacing={2}>
        <Typography variant="h2" component="h1">
          {props.title}
        </Typography>
        {props.error && (
          <Alert severity="error" role="alert">
            {props.error}
          </Alert>
        )}
        {props.children}
      </Stack>
    </Paper>
  );
}
