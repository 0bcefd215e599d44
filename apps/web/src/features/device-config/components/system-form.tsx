import {
  type SystemConfig,
  type SystemStatus,
  systemConfigSchema,
  XML_ACTIVE_MESSAGE,
} from '@ec/contract/shadow-documents/system';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormTimezoneSelect } from '../../../components/form/form-selects';
import { InfoGrid } from '../../../components/ui/info-grid';
import { SectionCard } from '../../../components/ui/section-card';
import { type SystemFormValues, systemFieldLabel } from '../../../lib/shadows/system-form-values';
import { useReportedVersionGuard } from '../hooks/use-reported-version-guard';
import { NewerVersionNotice } from './newer-version-notice';
import { NetworkFields } from './system-network-fields';
import { XmlFields } from './system-xml-fields';

/**
 * The System tab's form (spec 3 §2.5, §3.5): System Status (read-only), System Settings, Network
 * Configuration, NTP Configuration and XML Configuration. With XML active, only the XML block stays
 * editable. Save needs changes and no validation error; Revert returns to the reported values. A
 * newer reported version never replaces unsaved edits silently (useReportedVersionGuard).
 */
export function SystemForm(props: {
  /** The latest reported values and their version. */
  values: SystemFormValues;
  version: number;
  status: SystemStatus;
  editable: boolean;
  /** Revert and Save are shown to editors, disabled while the form is not editable. */
  showActions: boolean;
  withUtc: boolean;
  saving: boolean;
  /** Increases when a save has been applied: the saved values become the unchanged state. */
  savedCount?: number;
  /** The version the device answered the applied save with. */
  savedVersion?: number | null;
  /** Saves against `targetVersion`, the reported version the user has seen. */
  onSave: (config: SystemConfig, targetVersion: number) => void;
}) {
  const form = useForm<SystemFormValues, unknown, SystemConfig>({
    resolver: zodResolver(systemConfigSchema),
    mode: 'onChange',
    defaultValues: props.values,
  });
  const { errors, isDirty, isValid } = form.formState;
  const xmlEnabled = form.watch('xml.enabled');
  const lockedByXml = props.editable && xmlEnabled;
  const settingsEditable = props.editable && !xmlEnabled;
  const guard = useReportedVersionGuard({
    reported: { version: props.version, values: props.values },
    dirty: isDirty,
    getValues: form.getValues,
    reset: (values, base) => {
      form.reset(base);
      form.reset(values, { keepDefaultValues: true });
    },
    paused: props.saving,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: react to an applied save only
  useEffect(() => {
    if (props.savedCount) guard.acceptSaved(form.getValues(), props.savedVersion ?? null);
  }, [props.savedCount]);

  const submit = form.handleSubmit((config) => props.onSave(config, guard.acceptedVersion));

  return (
    <form noValidate onSubmit={submit} aria-label="System configuration">
      <Stack spacing={2}>
        <NewerVersionNotice guard={guard} labelOf={systemFieldLabel} />
        {lockedByXml && <Alert severity="info">{XML_ACTIVE_MESSAGE}</Alert>}
        <SectionCard title="System Status">
          <InfoGrid
            items={[
              { label: 'MAC Address', value: props.status.mac_address },
              { label: 'Network Connected', value: props.status.net_connected ? 'Yes' : 'No' },
              { label: 'IP Address', value: props.status.ip_address },
              { label: 'DNS Addresses', value: props.status.dns_addresses.filter(Boolean).join(', ') },
            ]}
          />
        </SectionCard>
        <SectionCard title="System Settings">
          <TextField
            {...form.register('device_name')}
            label="Device Name"
            disabled={!settingsEditable}
            error={Boolean(errors.device_name)}
            helperText={errors.device_name?.message}
          />
          <FormTimezoneSelect
            form={form}
            name="timezone"
            withUtc={props.withUtc}
            disabled={!settingsEditable}
          />
        </SectionCard>
        <SectionCard title="Network Configuration">
          <NetworkFields
            form={form}
            status={props.status}
            editable={settingsEditable}
            initial={props.values}
          />
        </SectionCard>
        <SectionCard title="NTP Configuration">
          <TextField
            {...form.register('ntp_server')}
            label="NTP Server"
            disabled={!settingsEditable}
            error={Boolean(errors.ntp_server)}
            helperText={errors.ntp_server?.message ?? 'Leave empty for the default time servers'}
          />
        </SectionCard>
        <SectionCard title="XML Configuration">
          <XmlFields form={form} editable={props.editable} />
        </SectionCard>
        {props.showActions && (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button disabled={!isDirty || !props.editable} onClick={guard.discardEdits}>
              Revert
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={!isDirty || !isValid || !props.editable}
              loading={props.saving}
            >
              Save
            </Button>
          </Stack>
        )}
      </Stack>
    </form>
  );
}
