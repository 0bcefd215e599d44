import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AlertConfigFields } from '../../../components/alerts/alert-config-fields';
import { AlertNameToggle } from '../../../components/alerts/alert-name-toggle';
import { CreateAlertDialog } from '../../../components/alerts/create-alert-dialog';
import { RuleStateChip } from '../../../components/alerts/rule-state-chip';
import { ConfirmDeleteDialog } from '../../../components/list-editor/confirm-delete-dialog';
import { ShadowListEditor, type ShadowListModel } from '../../../components/list-editor/shadow-list-editor';
import { paths } from '../../../config/paths';
import { type AlertDraft, alertIssues, alertsChanged } from '../../../lib/shadows/alert-drafts';

/** A rule's key among the alerts the server has raised on the device: its category and name. */
export const raisedKey = (alert: { category: string; name: string }) => `${alert.category}:${alert.name}`;

/** Where a template's alert is edited: the fleet's alerts, or the organization's templates. */
function TemplateNotice({ alert }: { alert: AlertDraft }) {
  return (
    <Alert severity="info">
      {alert.category === 'fleet' && alert.fleet_guid ? (
        <>
          This alert comes from a fleet template:{' '}
          <Link component={RouterLink} to={paths.fleets.detail.getHref(alert.fleet_guid, 'alerts')}>
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
  );
}

/**
 * The device alerts (spec 3 §2.6, §4.3): Alert Name, Category, Enabled and Alert State, the device's
 * rules editable and the templates' rules listed read-only; Create Alert and Delete Alert.
 */
export function AlertsList(props: {
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
  const changed = alertsChanged(drafts, reported);
  const issues = useMemo(() => alertIssues(drafts), [drafts]);

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
  const model: ShadowListModel<AlertDraft> = {
    rows: [...drafts, ...(props.orgTemplates ?? [])].map((alert, index) => ({
      key: alert.key,
      index,
      entry: alert,
    })),
    changed,
    valid: issues.size === 0,
    hasIssue: (row) => issues.has(row.key),
    add: (alert) => {
      setDrafts((current) => [...current, alert]);
      return alert.key;
    },
    remove: (row) => setDrafts((current) => current.filter((draft) => draft.key !== row.key)),
    revert: () => setDrafts(reported),
    save: () => props.onSave(drafts),
  };

  return (
    <ShadowListEditor
      noun="Alert"
      tableLabel="Device alerts"
      emptyText="No alerts are set on this device"
      model={model}
      lead={
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
          <Link component={RouterLink} to={paths.alerts.section.getHref('config')}>
            Legacy alert settings
          </Link>
          <Link component={RouterLink} to={paths.alerts.section.getHref('templates')}>
            Organization alert templates
          </Link>
        </Stack>
      }
      nameHeader="Alert Name"
      nameOf={({ entry }) => entry.label}
      nameCell={({ entry }, toggle) => <AlertNameToggle label={entry.label} name={entry.name} {...toggle} />}
      sortByName
      columns={[
        {
          id: 'category',
          header: 'Category',
          cell: ({ entry }) => entry.category,
          sortValue: ({ entry }) => entry.category,
        },
        { id: 'enabled', header: 'Enabled', cell: ({ entry }) => (entry.config.enabled ? 'Yes' : 'No') },
        {
          id: 'state',
          header: 'Alert State',
          cell: ({ entry }) => (
            <RuleStateChip alert={entry} raised={props.raised?.has(raisedKey(entry)) ?? false} />
          ),
        },
      ]}
      highlightIssues
      settingsTitle={({ entry }) => entry.label}
      settingsLabel={({ entry }) => `${entry.label} settings`}
      settings={({ entry }) =>
        entry.category === 'device' ? (
          <AlertConfigFields
            alert={entry}
            orgGuid={props.orgGuid}
            editable={editable}
            issues={issues.get(entry.key)}
            onChange={(config) => update(entry.key, config)}
          />
        ) : (
          <TemplateNotice alert={entry} />
        )
      }
      canDelete={({ entry }) => entry.category === 'device'}
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
      editable={editable}
      showActions={props.showActions}
      saving={props.saving}
    />
  );
}
