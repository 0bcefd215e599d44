import type { Org } from '@ec/contract/orgs';
import { accessColumn } from '../../../components/ui/access-level-label';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { useUserOrgs } from '../api/get-user-orgs';
import { UserSection } from './user-section';

const columns: DataTableColumn<Org>[] = [
  { id: 'name', header: 'Organization', cell: (org) => org.org_name, sortValue: (org) => org.org_name },
  accessColumn(),
];

/** The organizations a user belongs to, with their access level (spec 1 §2.7). */
export function UserOrgsBox({ userGuid }: { userGuid: string }) {
  const orgs = useUserOrgs(userGuid);
  return (
    <UserSection title="Organizations">
      <DataTable
        label="Organizations"
        columns={columns}
        rows={orgs.data ?? []}
        rowKey={(org) => org.org_guid}
        emptyText="No organizations"
        query={orgs}
      />
    </UserSection>
  );
}
