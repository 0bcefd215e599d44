import { canEditWith, hasGroup } from '@ec/contract/access';
import { useCurrentOrg } from '../../../lib/session/get-orgs';
import { useSessionUser } from '../../../lib/session/get-session-user';

/**
 * Whether the signed-in user may save and delete the selected organization's templates, by the
 * server's rule (spec 3 §6): access above User in the organization, or OrganizationManagement. Until
 * both are known, not: the controls appear once they are.
 */
export function useTemplateEditor(): boolean {
  const { org } = useCurrentOrg();
  const user = useSessionUser();
  return canEditWith(org?.access) || hasGroup(user.data?.user.groups ?? [], 'OrganizationManagement');
}
