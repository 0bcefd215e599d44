import {
  type CreatePatResponse,
  createPatBodySchema,
  PAT_DEFAULT_LIFESPAN_DAYS,
  PAT_MAX_LIFESPAN_DAYS,
} from '@ec/contract/pats';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useCreateAccessToken } from '../api/create-access-token';

/** What the new-token dialog shows: the creation answer and the comment it was made with. */
export type CreatedAccessToken = CreatePatResponse & { comment: string };

/**
 * 'Create Token': a comment and a lifespan in days (365, the longest, by default: spec 1 §9), for the
 * signed-in user (spec 1 §4.4).
 */
export function CreateAccessTokenDialog(props: {
  open: boolean;
  userGuid: string;
  onClose: () => void;
  onCreated: (created: CreatedAccessToken) => void;
}) {
  const create = useCreateAccessToken(props.userGuid);
  const form = useForm({
    resolver: zodResolver(createPatBodySchema),
    defaultValues: { comment: '', token_lifespan_days: PAT_DEFAULT_LIFESPAN_DAYS },
  });
  const { errors } = form.formState;
  const close = () => {
    form.reset();
    create.reset();
    props.onClose();
  };

  return (
    <FormDialog
      open={props.open}
      onClose={close}
      onSubmit={form.handleSubmit(async (values) => {
        const created = await create.mutateAsync(values).catch(() => null);
        if (!created) return;
        form.reset();
        create.reset();
        props.onCreated({ ...created, comment: values.comment });
      })}
      title="Create Access Token"
      submitLabel="Create"
      pending={create.isPending}
      error={create.error}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          form={form}
          name="comment"
          label="Comment"
          autoFocus
          hint="What the token is for, to recognise it later"
        />
        <TextField
          {...form.register('token_lifespan_days', { valueAsNumber: true })}
          label="Lifespan (days)"
          type="number"
          required
          slotProps={{ htmlInput: { min: 1, max: PAT_MAX_LIFESPAN_DAYS, step: 1 } }}
          error={Boolean(errors.token_lifespan_days)}
          helperText={errors.token_lifespan_days?.message ?? `1 to ${PAT_MAX_LIFESPAN_DAYS} days`}
        />
      </Stack>
    </FormDialog>
  );
}
