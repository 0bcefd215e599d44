import ErrorIcon from '@mui/icons-material/Error';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type BaseSyntheticEvent, Fragment, type ReactNode, useState } from 'react';
import { DataTable } from '../ui/data-table/data-table';
import type { DataTableColumn } from '../ui/data-table/data-table-types';
import { SectionCard } from '../ui/section-card';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ListCreateBar } from './list-create-bar';

/** Spec 3 §2.2-2.6, §9: up to 100 entries of a list shadow on one page. */
const LIST_PAGE_SIZES = [100] as const;

/** One entry of a list shadow as its table shows it. */
export interface ListRow<Entry> {
  /** Stable while the entry is in the working copy: the table's row key and what opens its settings. */
  key: string;
  index: number;
  entry: Entry;
}

/** A list shadow's working copy as the editor drives it, whatever holds it (a form or plain state). */
export interface ShadowListModel<Entry> {
  rows: ListRow<Entry>[];
  changed: boolean;
  /** The working copy has no issue: Save may send it. */
  valid: boolean;
  hasIssue: (row: ListRow<Entry>) => boolean;
  /** Adds a created entry; answers its row key. */
  add: (entry: Entry) => string;
  remove: (row: ListRow<Entry>) => void;
  revert: () => void;
  save: (event?: BaseSyntheticEvent) => void;
}

/** A name's mark while its entry has an issue. */
export const issueIcon = (_row: unknown, hasIssue: boolean) =>
  hasIssue && <ErrorIcon color="error" fontSize="small" titleAccess="Has errors" />;

/** What the editor hands a shadow's create dialog: it is mounted afresh each time it opens. */
export interface CreateDialogProps<Entry> {
  open: boolean;
  onClose: () => void;
  onCreate: (entry: Entry) => void;
}

/** What the editor hands a shadow's own delete confirmation (Outputs says more than the others). */
export interface DeleteDialogProps<Entry> {
  row: ListRow<Entry> | null;
  onClose: () => void;
  onConfirm: () => void;
}

/**
 * The editor of a list shadow (Inputs, Encoders, Outputs, Alerts; spec 3 §2.2-2.6, §4.1) and of a
 * fleet's alert templates (spec 2 §2.6): the table,
 * one entry's settings open below it at a time, Create and Delete, Revert and Save. Every change stays
 * in the working copy (`model`) until Save, which sends the whole list. Each shadow gives its columns,
 * settings and dialogs (its `*-list.tsx`).
 */
export function ShadowListEditor<Entry>(props: {
  /** 'Input': Create Input, Delete Input. */
  noun: string;
  /** The table's name. */
  tableLabel: string;
  emptyText: string;
  /** The list is a form of this name whose Save submits it (Inputs, Encoders). */
  formLabel?: string;
  model: ShadowListModel<Entry>;
  /** Above the list: a newer reported version held back under edits (NewerVersionNotice). */
  notice?: ReactNode;
  /** Beside the Create button: a heading or links. */
  lead?: ReactNode;
  /** Why entries cannot be created on this device, said beside Create; null when they can. */
  lockedNote?: string | null;
  /** The name that opens an entry's settings, and names it in the delete confirmation. */
  nameOf: (row: ListRow<Entry>) => string;
  /** Shown after the name: New, Has errors. */
  nameBadges?: (row: ListRow<Entry>, hasIssue: boolean) => ReactNode;
  /** The whole Name cell where a shadow shows more than the name (Alerts). */
  nameCell?: (row: ListRow<Entry>, toggle: { expanded: boolean; onToggle: () => void }) => ReactNode;
  nameHeader?: string;
  sortByName?: boolean;
  /** The columns after Name. */
  columns: DataTableColumn<ListRow<Entry>>[];
  /** Rows with an issue are highlighted as well as marked. */
  highlightIssues?: boolean;
  /** The open entry's section: its heading, and its region's name where that is not the heading. */
  settingsTitle: (row: ListRow<Entry>) => string;
  settingsLabel?: (row: ListRow<Entry>) => string;
  settingsLevel?: 'h2' | 'h3';
  settings: (row: ListRow<Entry>) => ReactNode;
  /** Delete is offered for this entry to those who may edit. */
  canDelete: (row: ListRow<Entry>) => boolean;
  createDialog: (dialog: CreateDialogProps<Entry>) => ReactNode;
  deleteDialog?: (dialog: DeleteDialogProps<Entry>) => ReactNode;
  editable: boolean;
  showActions: boolean;
  saving: boolean;
}) {
  const { model, editable, showActions } = props;
  const [openKey, setOpenKey] = useState<string | null>(null);
  // Counts the openings of Create: each opening mounts the dialog afresh, with its defaults.
  const [createOpenings, setCreateOpenings] = useState(0);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ListRow<Entry> | null>(null);
  const open = model.rows.find((row) => row.key === openKey) ?? null;
  const toggle = (row: ListRow<Entry>) => ({
    expanded: row.key === openKey,
    onToggle: () => setOpenKey(row.key === openKey ? null : row.key),
  });

  const nameColumn: DataTableColumn<ListRow<Entry>> = {
    id: 'name',
    header: props.nameHeader ?? 'Name',
    // The name opens the entry's settings: a button, so that a keyboard reaches it too.
    cell: (row) =>
      props.nameCell?.(row, toggle(row)) ?? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Link
            component="button"
            type="button"
            aria-expanded={toggle(row).expanded}
            onClick={toggle(row).onToggle}
          >
            {props.nameOf(row)}
          </Link>
          {props.nameBadges?.(row, model.hasIssue(row))}
        </Stack>
      ),
    sortValue: props.sortByName ? props.nameOf : undefined,
  };

  const save = (event?: BaseSyntheticEvent) => {
    setOpenKey(null);
    model.save(event);
  };
  const deleteRow = () => {
    if (deleting) model.remove(deleting);
    setDeleting(null);
    setOpenKey(null);
  };

  const list = (
    <Stack spacing={2}>
      {props.notice}
      <ListCreateBar
        label={`Create ${props.noun}`}
        lead={props.lead}
        lockedNote={props.lockedNote ?? null}
        editable={editable}
        showCreate={showActions}
        onCreate={() => {
          setCreateOpenings((count) => count + 1);
          setCreating(true);
        }}
      />
      <DataTable
        label={props.tableLabel}
        columns={[nameColumn, ...props.columns]}
        rows={model.rows}
        rowKey={(row) => row.key}
        emptyText={props.emptyText}
        paging={{ kind: 'client', pageSizes: LIST_PAGE_SIZES }}
        rowProps={(row) => ({
          selected: row.key === openKey || (props.highlightIssues === true && model.hasIssue(row)),
        })}
      />
      {open && (
        <SectionCard
          key={open.key}
          title={props.settingsTitle(open)}
          label={props.settingsLabel?.(open)}
          headingLevel={props.settingsLevel}
        >
          {props.settings(open)}
          {showActions && props.canDelete(open) && (
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button color="error" disabled={!editable} onClick={() => setDeleting(open)}>
                Delete {props.noun}
              </Button>
            </Stack>
          )}
        </SectionCard>
      )}
      {showActions && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button disabled={!model.changed || !editable} onClick={model.revert}>
            Revert
          </Button>
          <Button
            type={props.formLabel ? 'submit' : 'button'}
            variant="contained"
            disabled={!model.changed || !model.valid || !editable}
            loading={props.saving}
            onClick={props.formLabel ? undefined : () => save()}
          >
            Save
          </Button>
        </Stack>
      )}
    </Stack>
  );

  const deleteDialog = { row: deleting, onClose: () => setDeleting(null), onConfirm: deleteRow };
  return (
    <>
      {props.formLabel ? (
        <form noValidate onSubmit={save} aria-label={props.formLabel}>
          {list}
        </form>
      ) : (
        list
      )}
      {createOpenings > 0 && (
        <Fragment key={createOpenings}>
          {props.createDialog({
            open: creating,
            onClose: () => setCreating(false),
            onCreate: (entry) => setOpenKey(model.add(entry)),
          })}
        </Fragment>
      )}
      {props.deleteDialog?.(deleteDialog) ?? (
        <ConfirmDeleteDialog
          title={`Delete ${props.noun}`}
          name={deleting ? props.nameOf(deleting) : null}
          onCancel={deleteDialog.onClose}
          onConfirm={deleteDialog.onConfirm}
        />
      )}
    </>
  );
}
