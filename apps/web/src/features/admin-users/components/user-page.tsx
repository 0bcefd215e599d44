import { hasGroup } from '@ec/contract/access';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BackButton } from '../../../components/ui/back-button';
import { PageSkeleton } from '../../../components/ui/page-skeleton';
import { RequestError } from '../../../components/ui/request-error';
import { paths } from '../../../config/paths';
import { useSessionUser } from '../../../lib/session/get-session-user';
import { AccessTokensBox } from '../../access-tokens/components/access-tokens-box';
import { useUser } from '../api/get-user';
import { AdminGroupsBox } from './admin-groups-box';
import { DeleteUserButton } from './delete-user-button';
import { DeleteUserDialog } from './delete-user-dialog';
import { UserDetailsBox } from './user-details-box';
import { UserOrgsBox } from './user-orgs-box';

/**
 * /admin/users/{user_guid}, 'User' (spec 1 §2.7, §6): details for oneself or a user admin; Admin
 * Groups and deletion for user admins; the user's access tokens and organizations.
 */
export function UserPage() {
  const { userGuid = '' } = useParams();
  const navigate = useNavigate();
  const session = useSessionUser();
  const user = useUser(userGuid);
  const [deleting, setDeleting] = useState(false);
  const me = session.data?.user;
  const userAdmin = hasGroup(me?.groups ?? [], 'UserManagement');
  const self = me?.user_guid === userGuid;

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h1">{user.data ? user.data.name : 'User'}</Typography>
        {userAdmin && <BackButton to={paths.adminUsers.list.getHref()} label="Users" />}
      </Stack>
      {user.isPending && <PageSkeleton label="Loading the user" boxes={3} />}
      <RequestError error={user.error} onRetry={user.refetch} />
      {user.data && (
        <>
          <Typography color="text.secondary">
            {user.data.email} · timezone {user.data.zoneinfo} · locale {user.data.locale}
          </Typography>
          <UserDetailsBox user={user.data} />
          {userAdmin && <AdminGroupsBox userGuid={userGuid} />}
          <AccessTokensBox userGuid={userGuid} />
          <UserOrgsBox userGuid={userGuid} />
          {userAdmin && (
            <div>
              <DeleteUserButton self={self} onClick={() => setDeleting(true)} />
            </div>
          )}
          <DeleteUserDialog
            user={deleting ? user.data : null}
            onClose={() => setDeleting(false)}
            onDeleted={() => navigate(paths.adminUsers.list.getHref(), { replace: true })}
          />
        </>
      )}
    </Stack>
  );
}
