import { canEditWith } from '@ec/contract/access';
import DeleteIcon from '@mui/icons-material/Delete';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { AccessLevelLabel } from '../../components/ui/access-level-label';
import { BackButton } from '../../components/ui/back-button';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { RequestError } from '../../components/ui/request-error';
import { paths } from '../../config/paths';
import { OrgInvitesBox } from '../../features/invites/components/org-invites-box';
import { DeleteOrgDialog } from '../../features/orgs/components/delete-org-dialog';
import { OrgMembersBox } from '../../features/orgs/components/org-members-box';
import { RenameOrgDialog } from '../../features/orgs/components/rename-org-dialog';
import { orgListOf } from '../../features/orgs/logic/org-list-link';
import { useOrg } from '../../lib/orgs/get-org';
import { ORG_GUID_NOT_SUPPLIED } from '../../lib/orgs/org-path';
import { useMyOrgs } from '../../lib/session/get-orgs';
import { sessionStore } from '../../lib/session/session-store';

/**
 * /orgs/{org_guid} 'Organization' (spec 1 §2.6): every member sees it; only editors (organization
 * admins, or platform OrganizationManagement, for whom the server answers access 300) see Rename, Delete
 * and Switch to this Org, and change members.
 */
export function OrganizationPage() {
  const { orgGuid } = useParams();
  const backTo = orgListOf(useLocation().state);
  if (!orgGuid?.trim())
    return (
      <Stack spacing={2}>
        <div>
          <BackButton to={backTo} label="Organizations" />
        </div>
        <ErrorAlert error={ORG_GUID_NOT_SUPPLIED} />
      </Stack>
    );
  return <OrganizationView orgGuid={orgGuid} backTo={backTo} />;
}

function OrganizationView({ orgGuid, backTo }: { orgGuid: string; backTo: string }) {
  const navigate = useNavigate();
  const org = useOrg(orgGuid);
  const myOrgs = useMyOrgs();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (org.isPending) return <PageSkeleton label="Loading organization" boxes={3} />;
  if (!org.data)
    return (
      <Stack spacing={2}>
        <div>
          <BackButton to={backTo} label="Organizations" />
        </div>
        <RequestError error={org.error} onRetry={org.refetch} />
      </Stack>
    );

  const current = org.data;
  const canEdit = canEditWith(current.access);
  // Switching needs a membership: a platform admin may manage an organization without belonging to it.
  const isMember = Boolean(myOrgs.data?.some((o) => o.org_guid === current.org_guid));
  const switchTo = () => {
    sessionStore.selectOrg(current.org_guid);
    navigate(paths.dashboard.getHref());
  };

  return (
    <Stack spacing={2}>
      <div>
        <BackButton to={backTo} label="Organizations" />
      </div>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
        >
          <Stack spacing={0.5}>
            <Typography variant="h2" component="h1">
              {current.org_name}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography color="text.secondary">Your access:</Typography>
              <AccessLevelLabel access={current.access} />
            </Stack>
          </Stack>
          {canEdit && (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button
                variant="outlined"
                startIcon={<DriveFileRenameOutlineIcon />}
                onClick={() => setRenaming(true)}
              >
                Rename
              </Button>
              {isMember && (
                <Button variant="outlined" startIcon={<SwapHorizIcon />} onClick={switchTo}>
                  Switch to this Org
                </Button>
              )}
              <Button
                variant="outlined"
                color="error"
                startIcon={<DeleteIcon />}
                onClick={() => setDeleting(true)}
              >
                Delete
              </Button>
            </Stack>
          )}
        </Stack>
      </Paper>
      <OrgMembersBox orgGuid={current.org_guid} canEdit={canEdit} />
      <OrgInvitesBox orgGuid={current.org_guid} canEdit={canEdit} />
      <RenameOrgDialog open={renaming} org={current} onClose={() => setRenaming(false)} />
      <DeleteOrgDialog
        org={deleting ? current : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate(backTo, { replace: true })}
      />
    </Stack>
  );
}
