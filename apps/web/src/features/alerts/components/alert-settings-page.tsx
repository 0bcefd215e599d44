import { canEditWith } from '@ec/contract/access';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BackButton } from '../../../components/ui/back-button';
import { PageSkeleton } from '../../../components/ui/page-skeleton';
import { RequestError } from '../../../components/ui/request-error';
import { paths } from '../../../config/paths';
import { useCurrentOrg } from '../../../lib/session/get-orgs';
import { useAlertSettings } from '../api/alert-settings';
import { AlertSettingsForm } from './alert-settings-form';

/** /alerts/config (spec 2 §2.10): the legacy alert settings; read-only for those who cannot edit the organization. */
export function AlertSettingsPage() {
  const { orgGuid, org } = useCurrentOrg();
  const canEdit = canEditWith(org?.access);
  const settings = useAlertSettings();
  return (
    <Stack spacing={2}>
      <div>
        <BackButton to={paths.alerts.list.getHref()} label="Alerts" />
      </div>
      <Typography variant="h1">Legacy Alert Settings</Typography>
      {!canEdit && <Alert severity="info">Only editors of the organization can change these settings.</Alert>}
      {settings.isPending ? (
        <PageSkeleton label="Loading the alert settings" boxes={1} />
      ) : settings.isError ? (
        <RequestError error={settings.error} onRetry={settings.refetch} />
      ) : (
        orgGuid && (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <AlertSettingsForm key={orgGuid} saved={settings.data} orgGuid={orgGuid} canEdit={canEdit} />
          </Paper>
        )
      )}
    </Stack>
  );
}
