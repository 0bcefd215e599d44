import { forgetDeviceBodySchema, serialNumberSchema } from '@ec/contract/devices';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { parseErrorText } from '../../../lib/api-error';
import { useForgetDevice } from '../api/forget-device';
import { DeviceFormBox } from './device-form-box';

const forgetFormSchema = forgetDeviceBodySchema.extend({ serial_number: serialNumberSchema });

interface Target {
  serial: string;
  deviceGuid?: string;
}

/** Devices named by the query: repeated serial and device_guid parameters, paired by position. */
function targetsFrom(search: URLSearchParams): Target[] {
  const guids = search.getAll('device_guid');
  return search.getAll('serial').map((serial, index) => ({ serial, deviceGuid: guids[index] || undefined }));
}

/**
 * /devices/forget (spec 2 §2.4). With several devices the box goes through the whole list; the ones
 * that fail stay listed with their error text, so Forget retries only those.
 */
export function ForgetDevicePage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const forget = useForgetDevice();
  const initial = useMemo(() => targetsFrom(search), [search]);
  const [targets, setTargets] = useState<Target[]>(initial);
  const [failures, setFailures] = useState<string[]>([]);
  const [progress, setProgress] = useState<string | null>(null);
  const locked = initial.length > 0;
  const form = useForm({
    resolver: zodResolver(forgetFormSchema),
    defaultValues: { serial_number: initial.map((t) => t.serial).join(', '), reason: '' },
  });
  const { errors } = form.formState;

  const run = form.handleSubmit(async ({ serial_number, reason }) => {
    const list = locked ? targets : [{ serial: serial_number }];
    const failed: Target[] = [];
    const messages: string[] = [];
    for (const [index, target] of list.entries()) {
      setProgress(
        list.length > 1 ? `Forgetting device ${index + 1} of ${list.length}...` : 'Forgetting device...',
      );
      try {
        await forget.mutateAsync({ ...target, reason });
      } catch (error) {
        failed.push(target);
        messages.push(list.length > 1 ? `${target.serial}: ${parseErrorText(error)}` : parseErrorText(error));
      }
    }
    setProgress(null);
    if (failed.length === 0) {
      navigate(paths.devices.list.getHref());
      return;
    }
    setFailures(messages);
    if (locked) {
      setTargets(failed);
      form.setValue('serial_number', failed.map((t) => t.serial).join(', '));
    }
  });

  return (
    <DeviceFormBox title={initial.length > 1 ? 'Forget Devices' : 'Forget Device'}>
      {failures.length > 0 && (
        <Alert severity="error" role="alert">
          {failures.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Alert>
      )}
      {progress && (
        <Alert severity="info" role="status">
          {progress}
        </Alert>
      )}
      <Typography color="text.secondary">
        A forgotten device leaves this organization. It can be adopted again later.
      </Typography>
      <form noValidate onSubmit={run}>
        <TextField
          {...form.register('serial_number')}
          label="Serial Number"
          required
          multiline={targets.length > 1}
          slotProps={{ htmlInput: { readOnly: locked } }}
          error={Boolean(errors.serial_number)}
          helperText={errors.serial_number?.message ?? (locked ? undefined : 'example 1234-1234')}
        />
        <TextField
          {...form.register('reason')}
          label="Reason"
          required
          multiline
          minRows={2}
          autoFocus={locked}
          error={Boolean(errors.reason)}
          helperText={errors.reason?.message}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button component={Link} to={paths.devices.list.getHref()}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" loading={Boolean(progress)}>
            Forget
          </Button>
        </Stack>
      </form>
    </DeviceFormBox>
  );
}
