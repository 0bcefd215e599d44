import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The centred card of the Adopt and Forget boxes. */
export function DeviceFormBox(props: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, mx: 'auto', my: { xs: 2, sm: 4 }, maxWidth: 520 }}>
      <Stack spacing={2}>
        <Typography variant="h2" component="h1">
          {props.title}
        </Typography>
        {props.children}
      </Stack>
    </Paper>
  );
}
