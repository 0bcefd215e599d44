import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEventHandler, type ReactNode, useId } from 'react';
import { ErrorAlert } from '../ui/error-alert';

/**
 * A small dialog holding one form: the title names the dialog, `children` are its fields, `error` shows
 * as a red banner above them (or below with `errorPlacement="bottom"`), and Cancel (like Escape or a
 * click outside) calls `onClose` while the submit button shows `pending` as loading.
 * `onSubmit` is the form's submit handler, usually wrapped in react-hook-form's `handleSubmit`.
 */
export function FormDialog({
  open,
  onClose,
  onSubmit,
  title,
  submitLabel,
  submitColor = 'primary',
  pending,
  error,
  errorPlacement = 'top',
  children,
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  title: string;
  submitLabel: string;
  submitColor?: ButtonProps['color'];
  pending: boolean;
  error: unknown;
  errorPlacement?: 'top' | 'bottom';
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {errorPlacement === 'top' && <ErrorAlert error={error} sx={{ mb: 1 }} />}
          {children}
          {errorPlacement === 'bottom' && <ErrorAlert error={error} sx={{ mt: 1 }} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" color={submitColor} loading={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
