import { hasGroup } from '@ec/contract/access';
import {
  type AdminUser,
  isSsoUser,
  USER_SEARCH_ATTRIBUTES,
  USER_SEARCH_PAUSE_MS,
  USERS_PAGE_SIZE,
  type UserSearchAttribute,
} from '@ec/contract/users';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { SearchField } from '../../../components/ui/search-field';
import { paths } from '../../../config/paths';
import { useSessionUser } from '../../../lib/session/get-session-user';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { useUsers } from '../api/get-users';
import { SEARCH_ATTRIBUTE_LABELS } from '../logic/user-form';
import { DeleteUserButton } from './delete-user-button';
import { DeleteUserDialog } from './delete-user-dialog';

/** /admin/users, 'Users' (spec 1 §2.7): search by name, e-mail or phone, 50 a page, delete with a reason. */
export function UsersPage() {
  const session = useSessionUser();
  const me = session.data?.user;
  const allowed = hasGroup(me?.groups ?? [], 'UserManagement');
  const [attribute, setAttribute] = useState<UserSearchAttribute>('name');
  const [value, setValue] = useState('');
  const search = useDebouncedValue(value.trim(), USER_SEARCH_PAUSE_MS);
  const paging = useTokenPagination([search, attribute]);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);

  const users = useUsers(
    { search_attribute: attribute, search_value: search || undefined, pagination_token: paging.token },
    allowed,
  );
  const rows = users.data?.users ?? [];
  const nextToken = users.data?.pagination_token ?? null;

  const columns: DataTableColumn<AdminUser>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: (user) => (
        <Link component={RouterLink} to={paths.adminUsers.edit.getHref(user.user_guid)} underline="hover">
          {user.name}
        </Link>
      ),
    },
    { id: 'email', header: 'E-mail', cell: (user) => user.email },
    {
      id: 'phone',
      header: 'Phone',
      display: { xs: 'none', md: 'table-cell' },
      cell: (user) => user.phone_number ?? '',
    },
    {
      id: 'status',
      header: 'Status',
      display: { xs: 'none', md: 'table-cell' },
      cell: (user) => (isSsoUser(user) ? 'Single sign-on' : user.status),
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (user) => (
        <DeleteUserButton
          self={user.user_guid === me?.user_guid}
          aria-label={`Delete User ${user.name}`}
          onClick={() => setDeleting(user)}
        />
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Typography variant="h1">Users</Typography>
      {!allowed && session.isSuccess && (
        <Alert severity="warning">This view needs the UserManagement group.</Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label="Search By"
              size="small"
              margin="none"
              value={attribute}
              onChange={(event) => setAttribute(event.target.value as UserSearchAttribute)}
              sx={{ minWidth: 140 }}
            >
              {USER_SEARCH_ATTRIBUTES.map((option) => (
                <MenuItem key={option} value={option}>
                  {SEARCH_ATTRIBUTE_LABELS[option]}
                </MenuItem>
              ))}
            </TextField>
            <SearchField
              label="Search"
              value={value}
              onChange={setValue}
              placeholder={`${SEARCH_ATTRIBUTE_LABELS[attribute]} starts with…`}
            />
          </Stack>
          {users.data && (
            <Typography variant="body2" color="text.secondary" role="status">
              {users.data.total_found === 1 ? '1 user found' : `${users.data.total_found} users found`}
            </Typography>
          )}
          <DataTable
            label="Users"
            columns={columns}
            rows={rows}
            rowKey={(user) => user.user_guid}
            emptyText="No users"
            query={users}
            paging={{
              kind: 'token',
              state: paging,
              nextToken,
              pageSize: USERS_PAGE_SIZE,
              total: users.data?.total_found,
            }}
          />
        </Stack>
      </Paper>
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
