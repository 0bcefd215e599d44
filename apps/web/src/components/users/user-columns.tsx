import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { AccessLevelLabel } from '../ui/access-level-label';
import { actionsColumn } from '../ui/data-table/actions-column';
import type { DataTableColumn } from '../ui/data-table/data-table-types';
import { managedLabel, type TargetUserRow } from './user-rows';

/**
 * The columns of a device's or a fleet's users table: name, e-mail, access level, and a row's action:
 * 'Managed by ...' for rows changed elsewhere, `removeLabel` for the target's own users when the
 * caller may change them (`onRemove`), nothing otherwise.
 */
export function targetUserColumns<Row extends TargetUserRow>(props: {
  onRemove: ((user: Row) => void) | null;
  removeLabel: string;
}): DataTableColumn<Row>[] {
  const { onRemove } = props;
  return [
    { id: 'name', header: 'Name', cell: (user) => user.name, sortValue: (user) => user.name.toLowerCase() },
    { id: 'email', header: 'E-mail', cell: (user) => user.email, sortValue: (user) => user.email },
    {
      id: 'access',
      header: 'Access',
      cell: (user) => <AccessLevelLabel access={user.access} />,
      sortValue: (user) => user.access,
    },
    actionsColumn((user) => {
      const managed = managedLabel(user);
      if (managed)
        return (
          <Typography variant="body2" color="text.secondary">
            {managed}
          </Typography>
        );
      if (!onRemove) return null;
      return (
        <Button
          size="small"
          color="error"
          startIcon={<PersonRemoveIcon />}
          onClick={() => onRemove(user)}
          aria-label={`Remove ${user.name}`}
        >
          {props.removeLabel}
        </Button>
      );
    }),
  ];
}
