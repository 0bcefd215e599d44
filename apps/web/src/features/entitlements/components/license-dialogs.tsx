import { licenseName } from '@ec/contract/entitlements/license-labels';
import {
  DEFAULT_EXTENSION_DAYS,
  extendLicenseBodySchema,
  type License,
} from '@ec/contract/entitlements/licenses';
import { PRODUCT_LABELS } from '@ec/contract/products';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FormDialog } from '../../../components/form/form-dialog';
import { useSession } from '../../../lib/session/session-store';
import { useCreateLicense, useDeleteLicense, useExtendLicense } from '../api/licenses-admin';
import { useProfilesPage } from '../api/profiles';
import { emptyLicenseForm, type LicenseFormValues, licenseBodyOf } from '../logic/license-form';
import { DeleteWithReasonDialog } from './delete-with-reason-dialog';

/**
 * Create License (spec 3 §2.8, §5): a profile; an organization licence, unlimited or for a number of
 * devices, or a serial-number licence; name, sales order and lifespan. A cloud_ui profile is unlimited.
 */
export function CreateLicenseDialog(props: { open: boolean; onClose: () => void }) {
  const { orgGuid } = useSession();
  const profiles = useProfilesPage(null);
  const create = useCreateLicense();
  const [values, setValues] = useState<LicenseFormValues>(() => emptyLicenseForm(orgGuid));
  const [problem, setProblem] = useState<string | null>(null);
  const platform = profiles.data?.profiles.find(
    (p) => p.profile_guid === values.profile_guid,
  )?.profile_platform;
  const cloud = platform === 'cloud_ui';
  const set = (changes: Partial<LicenseFormValues>) => setValues((current) => ({ ...current, ...changes }));
  const text = (name: keyof LicenseFormValues, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={values[name]}
      onChange={(event) => set({ [name]: event.target.value })}
      fullWidth
      margin="dense"
      {...extra}
    />
  );
  const close = () => {
    setValues(emptyLicenseForm(orgGuid));
    setProblem(null);
    create.reset();
    props.onClose();
  };

  return (
    <FormDialog
      open={props.open}
      onClose={close}
      onSubmit={async (event) => {
        event.preventDefault();
        const result = licenseBodyOf(values, platform);
        if ('problem' in result) {
          setProblem(result.problem);
          return;
        }
        setProblem(null);
        const done = await create.mutateAsync(result.body).catch(() => null);
        if (done) close();
      }}
      title="Create License"
      submitLabel="Create"
      pending={create.isPending}
      error={problem ?? create.error}
    >
      <TextField
        select
        required
        label="Profile"
        value={values.profile_guid}
        onChange={(event) => set({ profile_guid: event.target.value })}
        fullWidth
        margin="dense"
      >
        {(profiles.data?.profiles ?? []).map((profile) => (
          <MenuItem key={profile.profile_guid} value={profile.profile_guid}>
            {profile.profile_name} ({PRODUCT_LABELS[profile.profile_platform]})
          </MenuItem>
        ))}
      </TextField>
      <RadioGroup
        row
        aria-label="License holder"
        value={values.holder}
        onChange={(event) => set({ holder: event.target.value as LicenseFormValues['holder'] })}
      >
        <FormControlLabel value="org" control={<Radio />} label="Organization" />
        <FormControlLabel value="serial" control={<Radio />} label="Serial Number" />
      </RadioGroup>
      {values.holder === 'org' ? (
        <Stack>
          {text('org_guid', 'Organization GUID', { required: true })}
          <FormControlLabel
            control={
              <Checkbox
                checked={cloud || values.unlimited}
                disabled={cloud}
                onChange={(event) => set({ unlimited: event.target.checked })}
              />
            }
            label={cloud ? 'Unlimited (always, for Cloud UI)' : 'Unlimited'}
          />
          {!cloud &&
            !values.unlimited &&
            text('allocation_limit', 'Allocation Count', { type: 'number', required: true })}
        </Stack>
      ) : (
        text('serial_number', 'Device Serial Number', { required: true })
      )}
      {text('license_name', 'License Name')}
      {text('sales_order', 'Sales Order')}
      {text('lifespan_days', 'Lifespan (days)', { type: 'number' })}
    </FormDialog>
  );
}

/** Extend License by some days, a year unless told otherwise (spec 3 §2.8). */
export function ExtendLicenseDialog(props: { license: License | null; onClose: () => void }) {
  const extend = useExtendLicense();
  const [days, setDays] = useState(String(DEFAULT_EXTENSION_DAYS));
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setDays(String(DEFAULT_EXTENSION_DAYS));
    setProblem(null);
    extend.reset();
    props.onClose();
  };
  return (
    <FormDialog
      open={props.license !== null}
      onClose={close}
      onSubmit={async (event) => {
        event.preventDefault();
        const parsed = extendLicenseBodySchema.safeParse({ additional_lifespan_days: Number(days) });
        if (!props.license || !parsed.success || days.trim() === '') {
          setProblem('Enter the number of days, from 1');
          return;
        }
        setProblem(null);
        const { license_id } = props.license;
        const done = await extend
          .mutateAsync({ licenseId: license_id, days: parsed.data.additional_lifespan_days })
          .catch(() => null);
        if (done) close();
      }}
      title="Extend License"
      submitLabel="Extend"
      pending={extend.isPending}
      error={problem ?? extend.error}
    >
      <DialogContentText>{props.license ? licenseName(props.license) : ''}</DialogContentText>
      <TextField
        label="Additional Days"
        type="number"
        value={days}
        onChange={(event) => setDays(event.target.value)}
        fullWidth
        margin="dense"
        autoFocus
      />
    </FormDialog>
  );
}

/** Delete License with its required reason (spec 3 §5). */
export function DeleteLicenseDialog(props: { license: License | null; onClose: () => void }) {
  const remove = useDeleteLicense();
  const close = () => {
    remove.reset();
    props.onClose();
  };
  return (
    <DeleteWithReasonDialog
      open={props.license !== null}
      title="Delete License"
      text={`${props.license ? licenseName(props.license) : ''}: its devices lose what it granted. Why is it being deleted?`}
      onDelete={(reason) => remove.mutateAsync({ licenseId: props.license?.license_id ?? '', reason })}
      pending={remove.isPending}
      error={remove.error}
      onClose={close}
    />
  );
}
