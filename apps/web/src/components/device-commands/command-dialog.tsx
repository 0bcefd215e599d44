import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEvent, type ReactNode, useId } from 'react';

/**
 * The frame of the Commands menu's dialogs: the spec's width in pixels (spec 2 §2.5), never wider than
 * the window less a margin, so a phone shows all of it. With `onSubmit` the content and actions form
 * one form, so Enter in a field sends it. The focus goes back to the Commands button, which the menu
 * does itself: the menu item that opened the dialog is gone by then.
 */
export function CommandDialog(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  width: number;
  children: ReactNode;
  actions: ReactNode;
  onSubmit?: () => void;
}) {
  const titleId = useId();
  const submit = props.onSubmit
    ? (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        props.onSubmit?.();
      }
    : undefined;
  const body = (
    <>
      <DialogContent>{props.children}</DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>{props.actions}</DialogActions>
    </>
  );
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={titleId}
      disableRestoreFocus
      maxWidth={false}
      slotProps={{ paper: { sx: { width: props.width, maxWidth: 'calc(100% - 32px)', mx: 2 } } }}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      {submit ? (
        <form noValidate onSubmit={submit}>
          {body}
        </form>
      ) : (
        body
      )}
    </Dialog>
  );
}
