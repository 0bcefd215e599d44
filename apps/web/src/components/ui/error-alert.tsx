import Alert, { type AlertProps } from '@mui/material/Alert';
import { parseErrorText } from '../../lib/api-error';

/** A red banner with the parsed error text (spec 1 §8); renders nothing without an error. */
export function ErrorAlert({ error, ...props }: { error: unknown } & Omit<AlertProps, 'children'>) {
  if (error === null || error === undefined || error === false) return null;
  return (
    <Alert severity="error" {...props}>
      {typeof error === 'string' ? error : parseErrorText(error)}
    </Alert>
  );
}
