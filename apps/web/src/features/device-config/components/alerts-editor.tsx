import { alertStateOf } from '@ec/contract/shadow-documents/alerts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AlertConfigFields } from '../../../components/alerts/alert-config-fields';
import { AlertNameToggle } from '../../../components/alerts/alert-name-toggle';
import { CreateAlertDialog } from '../../../components/alerts/create-alert-dialog';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { paths } from '../../../config/paths';
import { type AlertDraft, alertIssues, alertsChanged } from '../../../lib/shadows/alert-drafts';

/** Spec 3 §2.6: 100 alerts a page. */
const ALERTS_PAGE_SIZES = [100] as const;

/** A rule's key among the alerts the server has raised on the device: its category and name. */
export const raisedKey = (alert: { category: string; name: string }) => `${alert.category}:${alert.name}`;

/**
 * The rule's state: raised while the server holds an unresolved alert of it (the server is the alert
 * engine), else what the device reported.
 */
function AlertStateChip({ alert, raised }: { alert: AlertDraft; raised: boolean }) {
  if (raised) return <Chip size="small" color="error" label={alert.label} />;
  const state = alertStateOf(alert);
  if (state === 'ok') return <Chip size="small" color="success" label="OK" />;
  if (state === 'unknown') return <Chip size="small" variant="outlined" label="Unknown" />;
  return <Chip size="small" color="error" label={alert.label} />;
}

/**
 * The device alerts (spec 3 §2.6, §4.3): the table, an editor for the selected device alert, Create
 * and Delete; every change stays in the working copy until Save, which sends the whole list.
 */
export function AlertsEditor(props: {
  reported: AlertDraft[];
  /** The reported document's identity: a new one replaces the working copy unless it has changes. */
  reportedKey: string;
  orgGuid: string;
  editable: boolean;
  showActions: boolean;
  saving: boolean;
  savedCount: number;
  onSave: (drafts: AlertDraft[]) => void;
  onChangedChange: (changed: boolean) => void;
  /** The organization's alert templates: listed read-only, they are edited under /alerts/templates. */
  orgTemplates?: readonly AlertDraft[];
  /** The rules (raisedKey) with an unresolved alert on the device. */
  raised?: ReadonlySet<string>;
}) {
  const { reported, editable, onChangedChange } = props;
  const [drafts, setDrafts] = useState(reported);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AlertDraft | null>(null);
  const changed = alertsChanged(drafts, reported);
  const issues = useMemo(() => alertIssues(drafts), [drafts]);
  const orgTemplates = props.orgTemplates ?? [];
  const selected = [...drafts, ...orgTemplates].find((draft) => draft.key === selectedKey) ?? null;

  // After an applied save the working copy stays as it is until the device reports the saved version,
  // which then replaces it (new alerts get their guids); otherwise a new report replaces only an
  // unchanged copy.
  const adoptNextReport = useRef(false);
  useEffect(() => {
    if (props.savedCount) adoptNextReport.current = true;
  }, [props.savedCount]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: react to a new reported document only
  useEffect(() => {
    if (changed && !adoptNextReport.current) return;
    adoptNextReport.current = false;
    setDrafts(reported);
  }, [props.reportedKey]);
  useEffect(() => onChangedChange(changed), [changed, onChangedChange]);

  const update = (key: string, config: AlertDraft['config']) =>
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, config } : draft)));

  const columns: DataTableColumn<AlertDraft>[] = [
    {
      id: 'name',
      header: 'Alert Name',
      cell: (alert) => (
        <AlertNameToggle
          label={alert.label}
          name={alert.name}
          expanded={alert.key === selectedKey}
          onToggle={() => setSelectedKey(alert.key === selectedKey ? null : alert.key)}
        />
      ),
      sortValue: (alert) => alert.label,
    },
    {
      id: 'category',
      header: 'Category',
      cell: (alert) => alert.category,
      sortValue: (alert) => alert.category,
    },
    { id: 'enabled', header: 'Enabled', cell: (alert) => (alert.config.enabled ? 'Yes' : 'No') },
    {
      id: 'state',
      header: 'Alert State',
      cell: (alert) => <AlertStateChip alert={alert} raised={props.raised?.has(raisedKey(alert)) ?? false} />,
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
          <Link component={RouterLink} to={paths.alerts.section.getHref('config')}>
            Legacy alert settings
          </Link>
          <Link component={RouterLink} to={paths.alerts.section.getHref('templates')}>
            Organization alert templates
          </Link>
        </Stack>
        {props.showActions && (
          <Button variant="outlined" disabled={!editable} onClick={() => setCreating(true)}>
            Create Alert
          </Button>
        )}
      </Stack>
      <DataTable
        label="Device alerts"
        columns={columns}
        rows={[...drafts, ...orgTemplates]}
        rowKey={(alert) => alert.key}
        emptyText="No alerts are set on this device"
        paging={{ kind: 'client', pageSizes: ALERTS_PAGE_SIZES }}
        rowProps={(alert) => ({ selected: alert.key === selectedKey || issues.has(alert.key) })}
      />
      {selected && (
        <Paper variant="outlined" component="section" aria-label={`${selected.label} settings`} sx={{ p: 2 }}>
          <Stack spacing={2}>
            <Typography variant="h4" component="h2">
              {selected.label}
            </Typography>
            {selected.category === 'device' ? (
              <AlertConfigFields
                alert={selected}
                orgGuid={props.orgGuid}
                editable={editable}
                issues={issues.get(selected.key)}
                onChange={(config) => update(selected.key, config)}
              />
            ) : (
              <Alert severity="info">
                {selected.category === 'fleet' && selected.fleet_guid ? (
                  <>
                    This alert comes from a fleet template:{' '}
                    <Link
                      component={RouterLink}
                      to={paths.fleets.detail.getHref(selected.fleet_guid, 'alerts')}
                    >
                      edit it in the fleet's alerts
                    </Link>
                    .
                  </>
                ) : (
                  <>
                    This alert comes from the organization's templates:{' '}
                    <Link component={RouterLink} to={paths.alerts.section.getHref('templates')}>
                      edit it there
                    </Link>
                    .
                  </>
                )}
              </Alert>
            )}
            {props.showActions && selected.category === 'device' && (
              <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                <Button color="error" disabled={!editable} onClick={() => setDeleting(selected)}>
                  Delete Alert
                </Button>
              </Stack>
            )}
          </Stack>
        </Paper>
      )}
      {props.showActions && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button disabled={!changed || !editable} onClick={() => setDrafts(reported)}>
            Revert
          </Button>
          <Button
            variant="contained"
            disabled={!changed || issues.size > 0 || !editable}
            loading={props.saving}
            onClick={() => props.onSave(drafts)}
          >
            Save
          </Button>
        </Stack>
      )}
      <CreateAlertDialog
        open={creating}
        existingNames={drafts.map((draft) => draft.name)}
        onClose={() => setCreating(false)}
        onCreate={(alert) => {
          setDrafts((current) => [...current, alert]);
          setSelectedKey(alert.key);
        }}
      />
      <Dialog open={Boolean(deleting)} onClose={() => setDeleting(null)} aria-labelledby="delete-alert-title">
        <DialogTitle id="delete-alert-title">Delete Alert</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Delete the alert '{deleting?.label}'? It is removed from the device when you save.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setDrafts((current) => current.filter((draft) => draft.key !== deleting?.key));
              setSelectedKey(null);
              setDeleting(null);
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
