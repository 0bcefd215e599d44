import { hasGroup } from '@ec/contract/access';
import type { Org } from '@ec/contract/orgs';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { accessColumn } from '../../../components/ui/access-level-label';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { SectionCard } from '../../../components/ui/section-card';
import { paths } from '../../../config/paths';
import { useMyOrgs } from '../../../lib/session/get-orgs';
import { useSessionUser } from '../../../lib/session/get-session-user';
import { useUserOrgs } from '../api/get-user-orgs';

/**
 * The organizations a user belongs to, with their access level (spec 1 §2.7). Each links to its page
 * when the viewer may open it: holders of OrganizationManagement open every organization, others their
 * own (decision 21); any other organization would answer 404 there.
 */
export function UserOrgsBox({ userGuid }: { userGuid: string }) {
  const orgs = useUserOrgs(userGuid);
  const session = useSessionUser();
  const myOrgs = useMyOrgs();
  const manager = hasGroup(session.data?.user.groups ?? [], 'OrganizationManagement');
  const opens = (org: Org) => manager || Boolean(myOrgs.data?.some((mine) => mine.org_guid === org.org_guid));

  const columns: DataTableColumn<Org>[] = [
    {
      id: 'name',
      header: 'Organization',
      cell: (org) =>
        opens(org) ? (
          <Link component={RouterLink} to={paths.orgs.edit.getHref(org.org_guid)} underline="hover">
            {org.org_name}
          </Link>
        ) : (
          org.org_name
        ),
      sortValue: (org) => org.org_name,
    },
    accessColumn(),
  ];

  return (
    <SectionCard titleVariant="h6" title="Organizations">
      <DataTable
        label="Organizations"
        columns={columns}
        rows={orgs.data ?? []}
        rowKey={(org) => org.org_guid}
        emptyText="No organizations"
        query={orgs}
      />
    </SectionCard>
  );
}
