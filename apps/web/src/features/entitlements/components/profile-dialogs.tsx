import { BASE_PROFILE_CONFIRMATION, confirmsBaseProfileSave } from '@ec/contract/entitlements/base-profiles';
import { createProfileBodySchema, DEFAULT_PROFILE_PLATFORM } from '@ec/contract/entitlements/profiles';
import { PRODUCT_LABELS, PRODUCTS } from '@ec/contract/products';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useCreateProfile, useDeleteProfile } from '../api/profiles';
import { DeleteWithReasonDialog } from './delete-with-reason-dialog';

/** Saving a base profile (spec 3 §2.8, §5): only once BASE ENTITLEMENT is typed, in any case. */
export function BaseProfileSaveDialog(props: {
  open: boolean;
  profileName: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const titleId = useId();
  const [typed, setTyped] = useState('');
  const close = () => {
    setTyped('');
    props.onCancel();
  };
  return (
    <Dialog open={props.open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!confirmsBaseProfileSave(typed)) return;
          setTyped('');
          props.onConfirm();
        }}
      >
        <DialogTitle id={titleId}>Save Base Profile</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {props.profileName} is what every device of its platform starts from. Type{' '}
            {BASE_PROFILE_CONFIRMATION} to save it.
          </DialogContentText>
          <TextField
            label="Confirmation"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoFocus
            fullWidth
            autoComplete="off"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!confirmsBaseProfileSave(typed)}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Switching profile with unsaved changes (spec 3 §2.8, §4.7). */
export function DiscardChangesDialog(props: { open: boolean; onCancel: () => void; onDiscard: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={props.open} onClose={props.onCancel} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Discard Unsaved Changes?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          This profile has changes that are not saved. They are lost if you switch.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel}>Keep Editing</Button>
        <Button variant="contained" color="error" onClick={props.onDiscard}>
          Discard Changes
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Create Profile: a name and a platform, edgecaster unless chosen otherwise (spec 3 §2.8). */
export function CreateProfileDialog(props: {
  open: boolean;
  onClose: () => void;
  onCreated: (guid: string) => void;
}) {
  const create = useCreateProfile();
  const form = useForm({
    resolver: zodResolver(createProfileBodySchema),
    defaultValues: { profile_name: '', profile_platform: DEFAULT_PROFILE_PLATFORM, properties: {} },
  });
  const close = () => {
    form.reset();
    create.reset();
    props.onClose();
  };
  return (
    <FormDialog
      open={props.open}
      onClose={close}
      onSubmit={form.handleSubmit(async (body) => {
        const guid = await create.mutateAsync(body).catch(() => null);
        if (!guid) return;
        close();
        props.onCreated(guid);
      })}
      title="Create Profile"
      submitLabel="Create"
      pending={create.isPending}
      error={create.error}
    >
      <FormTextField form={form} name="profile_name" label="Profile Name" required autoFocus />
      <Controller
        control={form.control}
        name="profile_platform"
        render={({ field }) => (
          <TextField select label="Platform" fullWidth margin="normal" {...field}>
            {PRODUCTS.map((product) => (
              <MenuItem key={product} value={product}>
                {PRODUCT_LABELS[product]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </FormDialog>
  );
}

/** Delete Profile with its required reason (spec 3 §5). */
export function DeleteProfileDialog(props: {
  profile: { profile_guid: string; profile_name: string } | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteProfile();
  const close = () => {
    remove.reset();
    props.onClose();
  };
  return (
    <DeleteWithReasonDialog
      open={props.profile !== null}
      title="Delete Profile"
      text={`${props.profile?.profile_name ?? ''} is deleted for good. Why is it being deleted?`}
      onDelete={(reason) => remove.mutateAsync({ profileGuid: props.profile?.profile_guid ?? '', reason })}
      onDeleted={props.onDeleted}
      pending={remove.isPending}
      error={remove.error}
      onClose={close}
    />
  );
}
