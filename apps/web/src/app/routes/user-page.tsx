import { hasGroup } from '@ec/contract/access';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BackButton } from '../../components/ui/back-button';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { RequestError } from '../../components/ui/request-error';
import { paths } from '../../config/paths';
import { AccessTokensBox } from '../../features/access-tokens/components/access-tokens-box';
import { useUser } from '../../features/admin-users/api/get-user';
import { USER_GUID_NOT_SUPPLIED } from '../../features/admin-users/api/user-path';
import { AdminGroupsBox } from '../../features/admin-users/components/admin-groups-box';
import { DeleteUserButton } from '../../features/admin-users/components/delete-user-button';
import { DeleteUserDialog } from '../../features/admin-users/components/delete-user-dialog';
import { UserDetailsBox } from '../../features/admin-users/components/user-details-box';
import { UserOrgsBox } from '../../features/admin-users/components/user-orgs-box';
import { useSessionUser } from '../../lib/session/get-session-user';

/**
 * /admin/users/{user_guid}, 'User' (spec 1 §2.7, §6): details for oneself or a user admin; Admin
 * Groups and deletion for user admins; the user's access tokens and organizations.
 */
export function UserPage() {
  const { userGuid } = useParams();
  const session = useSessionUser();
  const userAdmin = hasGroup(session.data?.user.groups ?? [], 'UserManagement');
  if (!userGuid?.trim())
    return (
      <Stack spacing={2}>
        <UserHeading name="User" userAdmin={userAdmin} />
        <ErrorAlert error={USER_GUID_NOT_SUPPLIED} />
      </Stack>
    );
  return (
    <UserView userGuid={userGuid} self={session.data?.user.user_guid === userGuid} userAdmin={userAdmin} />
  );
}

function UserHeading({ name, userAdmin }: { name: string; userAdmin: boolean }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
      <Typography variant="h1">{name}</Typography>
      {userAdmin && <BackButton to={paths.adminUsers.list.getHref()} label="Users" />}
    </Stack>
  );
}

function UserView({ userGuid, self, userAdmin }: { userGuid: string; self: boolean; userAdmin: boolean }) {
  const navigate = useNavigate();
  const user = useUser(userGuid);
  const [deleting, setDeleting] = useState(false);

  return (
    <Stack spacing={2}>
      <UserHeading name={user.data ? user.data.name : 'User'} userAdmin={userAdmin} />
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
