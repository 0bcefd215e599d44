import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { AccessLevelLabel } from '../../../components/ui/access-level-label';
import { EmptyTableRow } from '../../../components/ui/empty-table-row';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useUserOrgs } from '../api/get-user-orgs';
import { UserSection } from './user-section';

/** The organizations a user belongs to, with their access level (spec 1 §2.7). */
export function UserOrgsBox({ userGuid }: { userGuid: string }) {
  const orgs = useUserOrgs(userGuid);
  const rows = orgs.data ?? [];
  return (
    <UserSection title="Organizations">
      <ErrorAlert error={orgs.error} />
      {orgs.isFetching && <LinearProgress aria-label="Loading organizations" />}
      <TableContainer>
        <Table size="small" aria-label="Organizations">
          <TableHead>
            <TableRow>
              <TableCell>Organization</TableCell>
              <TableCell>Access</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((org) => (
              <TableRow key={org.org_guid}>
                <TableCell>{org.org_name}</TableCell>
                <TableCell>
                  <AccessLevelLabel access={org.access} />
                </TableCell>
              </TableRow>
            ))}
            {rows.length === 0 && orgs.isSuccess && (
              <EmptyTableRow colSpan={2}>No organizations</EmptyTableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </UserSection>
  );
}
