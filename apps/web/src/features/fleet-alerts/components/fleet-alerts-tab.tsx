import type { Fleet } from '@ec/contract/fleets';
import { ALERT_TYPES, type AlertType } from '@ec/contract/shadow-documents/alerts';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { AlertConfigFields } from '../../../components/alerts/alert-config-fields';
import { AlertNameToggle } from '../../../components/alerts/alert-name-toggle';
import { ALERT_TYPE_LABELS, CreateAlertDialog } from '../../../components/alerts/create-alert-dialog';
import { RuleStateChip } from '../../../components/alerts/rule-state-chip';
import { ConfirmDeleteDialog } from '../../../components/list-editor/confirm-delete-dialog';
import { ShadowListEditor, type ShadowListModel } from '../../../components/list-editor/shadow-list-editor';
import { PageSkeleton } from '../../../components/ui/page-skeleton';
import { RequestError } from '../../../components/ui/request-error';
import type { AlertDraft } from '../../../lib/shadows/alert-drafts';
import { useFleetAlerts, useSaveFleetAlerts } from '../api/fleet-alerts';
import {
  fleetAlertDraft,
  fleetAlertIssues,
  fleetAlertsBody,
  fleetAlertsChanged,
  newFleetAlert,
  withType,
} from '../logic/fleet-alert-drafts';

/**
 * The fleet's Alerts tab (spec 2 §2.6, §7): its alert templates (Alert Name, Category, Enabled, Alert
 * State), each opening its editor; Create Alert and Delete Alert change the working copy, and Save sends
 * the whole list. A type change resets the alert's config to the type's defaults, turned off. Only the
 * fleet's editors change it.
 */
export function FleetAlertsTab({ fleet }: { fleet: Fleet }) {
  const alerts = useFleetAlerts(fleet.fleet_guid);
  if (alerts.isPending) return <PageSkeleton label="Loading fleet alerts" boxes={1} />;
  if (alerts.isError) return <RequestError error={alerts.error} onRetry={alerts.refetch} />;
  return (
    <FleetAlertsEditor
      fleet={fleet}
      saved={alerts.data.map(fleetAlertDraft)}
      savedKey={alerts.dataUpdatedAt}
    />
  );
}

function FleetAlertsEditor(props: { fleet: Fleet; saved: AlertDraft[]; savedKey: number }) {
  const { fleet, saved } = props;
  const save = useSaveFleetAlerts(fleet.fleet_guid);
  const [drafts, setDrafts] = useState(saved);
  const changed = fleetAlertsChanged(drafts, saved);
  const issues = useMemo(() => fleetAlertIssues(drafts), [drafts]);
  const savedGuids = new Set(saved.map((alert) => alert.key));

  // A new answer (a save, a refetch) replaces an unchanged working copy; edits are kept.
  // biome-ignore lint/correctness/useExhaustiveDependencies: react to a new answer only
  useEffect(() => {
    if (!changed) setDrafts(saved);
  }, [props.savedKey]);

  const update = (key: string, change: (draft: AlertDraft) => AlertDraft) =>
    setDrafts((current) => current.map((draft) => (draft.key === key ? change(draft) : draft)));
  const model: ShadowListModel<AlertDraft> = {
    rows: drafts.map((alert, index) => ({ key: alert.key, index, entry: alert })),
    changed,
    valid: issues.size === 0,
    hasIssue: (row) => issues.has(row.key),
    add: (alert) => {
      const created = newFleetAlert(alert, fleet.fleet_guid);
      setDrafts((current) => [...current, created]);
      return created.key;
    },
    remove: (row) => setDrafts((current) => current.filter((draft) => draft.key !== row.key)),
    revert: () => {
      save.reset();
      setDrafts(saved);
    },
    save: () =>
      save.mutate(fleetAlertsBody(drafts), { onSuccess: (answer) => setDrafts(answer.map(fleetAlertDraft)) }),
  };

  return (
    <Stack spacing={2}>
      <RequestError error={save.error} />
      <ShadowListEditor
        noun="Alert"
        tableLabel="Fleet alerts"
        emptyText="No fleet alerts"
        model={model}
        lead={
          <Typography color="text.secondary">
            Each alert watches every device of the fleet, also devices added later.
          </Typography>
        }
        nameHeader="Alert Name"
        nameOf={({ entry }) => entry.label}
        nameCell={({ entry }, toggle) => (
          <AlertNameToggle label={entry.label} name={entry.name} {...toggle} />
        )}
        sortByName
        columns={[
          { id: 'category', header: 'Category', cell: ({ entry }) => entry.category },
          { id: 'enabled', header: 'Enabled', cell: ({ entry }) => (entry.config.enabled ? 'Yes' : 'No') },
          {
            id: 'state',
            header: 'Alert State',
            cell: ({ entry }) => <RuleStateChip alert={entry} isNew={!savedGuids.has(entry.key)} />,
          },
        ]}
        highlightIssues
        settingsTitle={({ entry }) => entry.label}
        settingsLabel={({ entry }) => `${entry.label} settings`}
        settings={({ entry }) => (
          <Stack spacing={2}>
            <TextField
              select
              label="Type"
              value={entry.type}
              disabled={!fleet.editable || save.isPending}
              helperText="Changing the type resets the settings to the type's defaults, turned off"
              onChange={(event) =>
                update(entry.key, (draft) => withType(draft, event.target.value as AlertType))
              }
            >
              {ALERT_TYPES.map((value) => (
                <MenuItem key={value} value={value}>
                  {ALERT_TYPE_LABELS[value]}
                </MenuItem>
              ))}
            </TextField>
            <AlertConfigFields
              alert={entry}
              orgGuid={fleet.org_guid}
              editable={fleet.editable && !save.isPending}
              issues={issues.get(entry.key)}
              onChange={(config) => update(entry.key, (draft) => ({ ...draft, config }))}
            />
          </Stack>
        )}
        canDelete={() => true}
        createDialog={(dialog) => (
          <CreateAlertDialog {...dialog} existingNames={drafts.map((draft) => draft.name)} />
        )}
        deleteDialog={({ row, onClose, onConfirm }) => (
          <ConfirmDeleteDialog
            title="Delete Alert"
            kind="alert"
            name={row ? row.entry.label : null}
            onCancel={onClose}
            onConfirm={onConfirm}
          />
        )}
        editable={fleet.editable && !save.isPending}
        showActions={fleet.editable}
        saving={save.isPending}
      />
    </Stack>
  );
}
