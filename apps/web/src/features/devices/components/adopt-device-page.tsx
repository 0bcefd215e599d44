import { adoptDeviceQuerySchema } from '@ec/contract/devices';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { paths } from '../../../config/paths';
import { useCurrentOrg } from '../../../lib/session/get-orgs';
import { useAdoptDevice } from '../api/adopt-device';
import { DeviceFormBox } from './device-form-box';

/** /devices/adopt (spec 2 §2.4): serial and device_guid query parameters prefill and lock the serial. */
export function AdoptDevicePage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { org, orgGuid } = useCurrentOrg();
  const adopt = useAdoptDevice();
  const prefilled = search.get('serial');
  const deviceGuid = search.get('device_guid') ?? undefined;
  const form = useForm({
    resolver: zodResolver(adoptDeviceQuerySchema),
    defaultValues: { serial_number: prefilled ?? '', device_guid: deviceGuid },
  });
  const { errors } = form.formState;

  return (
    <DeviceFormBox title="Adopt Device">
      <Typography>
        Organization: <strong>{org?.org_name ?? orgGuid}</strong>
      </Typography>
      <ErrorAlert error={adopt.error} />
      <form
        noValidate
        onSubmit={form.handleSubmit(async (values) => {
          const adopted = await adopt.mutateAsync(values).catch(() => null);
          if (adopted) navigate(paths.devices.list.getHref());
        })}
      >
        <TextField
          {...form.register('serial_number')}
          label="Serial Number"
          required
          autoFocus={!prefilled}
          slotProps={{ htmlInput: { readOnly: Boolean(prefilled) } }}
          error={Boolean(errors.serial_number)}
          helperText={errors.serial_number?.message ?? 'example 1234-1234'}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button component={Link} to={paths.devices.list.getHref()}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={adopt.isPending}>
            Adopt
          </Button>
        </Stack>
      </form>
    </DeviceFormBox>
  );
}
