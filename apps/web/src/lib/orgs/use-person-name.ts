import { useSession } from '../session/session-store';
import { useOrgUsers } from './get-org-users';

/**
 * Names the person an alert records by user guid (who silenced it, who closed it): a member of the
 * organization by name and e-mail; anyone else, and the system closers (auto, disabled...), as stored.
 */
export function usePersonName(): (userGuid: string | null) => string {
  const { orgGuid } = useSession();
  const users = useOrgUsers(orgGuid ?? '');
  const byGuid = new Map((users.data ?? []).map((user) => [user.user_guid, `${user.name} (${user.email})`]));
  return (userGuid) => (userGuid ? (byGuid.get(userGuid) ?? userGuid) : '');
}
