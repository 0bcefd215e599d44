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
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyTableRow } from '../../../components/ui/empty-table-row';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { TokenPagination } from '../../../components/ui/token-pagination';
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
            <TextField
              label="Search"
              type="search"
              size="small"
              margin="none"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              placeholder={`${SEARCH_ATTRIBUTE_LABELS[attribute]} starts with…`}
              sx={{ maxWidth: { sm: 320 } }}
            />
          </Stack>
          <ErrorAlert error={users.error} />
          {users.isFetching && <LinearProgress aria-label="Loading users" />}
          {users.data && (
            <Typography variant="body2" color="text.secondary" role="status">
              {users.data.total_found === 1 ? '1 user found' : `${users.data.total_found} users found`}
            </Typography>
          )}
          <TableContainer>
            <Table size="small" aria-label="Users">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>E-mail</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Phone</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Status</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((user) => (
                  <TableRow key={user.user_guid} hover>
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={paths.adminUsers.edit.getHref(user.user_guid)}
                        underline="hover"
                      >
                        {user.name}
                      </Link>
                    </TableCell>
                    <TableCell>{user.email}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {user.phone_number ?? ''}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {isSsoUser(user) ? 'Single sign-on' : user.status}
                    </TableCell>
                    <TableCell align="right">
                      <DeleteUserButton
                        self={user.user_guid === me?.user_guid}
                        aria-label={`Delete User ${user.name}`}
                        onClick={() => setDeleting(user)}
                      />
                    </TableCell>
                  </TableRow>
                ))}
                {rows.length === 0 && users.isSuccess && <EmptyTableRow colSpan={5}>No users</EmptyTableRow>}
              </TableBody>
            </Table>
          </TableContainer>
          <TokenPagination
            paging={paging}
            nextToken={nextToken}
            pageSize={USERS_PAGE_SIZE}
            rowCount={rows.length}
            total={users.data?.total_found}
          />
        </Stack>
      </Paper>
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
