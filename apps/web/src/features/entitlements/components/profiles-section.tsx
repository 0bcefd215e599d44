import { PROFILE_PAGE_SIZE, type ProfileSummary } from '@ec/contract/entitlements/profiles';
import { PRODUCT_LABELS } from '@ec/contract/products';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { PageSkeleton } from '../../../components/ui/page-skeleton';
import { RequestError } from '../../../components/ui/request-error';
import { SectionCard } from '../../../components/ui/section-card';
import { paths } from '../../../config/paths';
import { useCapabilities } from '../../../lib/entitlements/get-capabilities';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { useProfile, useProfilesPage } from '../api/profiles';
import { CreateProfileDialog, DeleteProfileDialog, DiscardChangesDialog } from './profile-dialogs';
import { ProfileEditor } from './profile-editor';

/** The editor of the selected profile, once the profile and its platform's capabilities are read. */
function SelectedProfile(props: {
  profileGuid: string;
  onDirtyChange: (dirty: boolean) => void;
  onDeleted: () => void;
}) {
  const profile = useProfile(props.profileGuid);
  const platform = profile.data?.profile.profile_platform;
  const capabilities = useCapabilities(platform ?? 'edgecaster', Boolean(platform));
  const [deleting, setDeleting] = useState(false);
  if (profile.error) return <RequestError error={profile.error} onRetry={() => profile.refetch()} />;
  if (capabilities.error)
    return <RequestError error={capabilities.error} onRetry={() => capabilities.refetch()} />;
  if (!profile.data || !capabilities.data)
    return <PageSkeleton label="Loading profile" boxes={1} boxHeight={320} />;
  const { profile: selected } = profile.data;
  return (
    <>
      <ProfileEditor
        key={selected.profile_guid}
        profile={selected}
        capabilities={capabilities.data.capabilities}
        onDirtyChange={props.onDirtyChange}
        onDelete={() => setDeleting(true)}
      />
      <DeleteProfileDialog
        profile={deleting ? selected : null}
        onClose={() => setDeleting(false)}
        onDeleted={props.onDeleted}
      />
    </>
  );
}

/**
 * Profiles (spec 3 §2.8, §4.7): the selector (50 a page) beside the editor of the profile the address
 * names (/entitlements/profiles/{guid}); Create Profile; switching away from unsaved changes asks first.
 */
export function ProfilesSection(props: { profileGuid?: string }) {
  const navigate = useNavigate();
  const paging = useTokenPagination(null);
  const profiles = useProfilesPage(paging.token);
  const [creating, setCreating] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [switchingTo, setSwitchingTo] = useState<string | null>(null);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  const open = (guid: string | undefined) => {
    setDirty(false);
    setSwitchingTo(null);
    navigate(paths.entitlements.getHref('profiles', guid));
  };
  const select = (guid: string) => {
    if (guid === props.profileGuid) return;
    if (dirty) setSwitchingTo(guid);
    else open(guid);
  };

  const columns: DataTableColumn<ProfileSummary>[] = [
    {
      id: 'name',
      header: 'Profile',
      cell: (profile) => (
        <Link
          component="button"
          type="button"
          onClick={() => select(profile.profile_guid)}
          aria-current={profile.profile_guid === props.profileGuid ? 'true' : undefined}
          sx={{ textAlign: 'left', fontWeight: profile.profile_guid === props.profileGuid ? 700 : undefined }}
        >
          {profile.profile_name}
        </Link>
      ),
    },
    { id: 'platform', header: 'Platform', cell: (profile) => PRODUCT_LABELS[profile.profile_platform] },
  ];

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(280px, 1fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      <SectionCard
        title="Profiles"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            Create Profile
          </Button>
        }
      >
        <DataTable
          label="Profiles"
          columns={columns}
          rows={profiles.data?.profiles ?? []}
          rowKey={(profile) => profile.profile_guid}
          emptyText="No profiles"
          query={profiles}
          paging={{
            kind: 'token',
            state: paging,
            nextToken: profiles.data?.pagination_token,
            pageSize: PROFILE_PAGE_SIZE,
          }}
        />
      </SectionCard>
      {props.profileGuid ? (
        <SelectedProfile
          profileGuid={props.profileGuid}
          onDirtyChange={onDirtyChange}
          onDeleted={() => open(undefined)}
        />
      ) : (
        <SectionCard title="Profile Editor">Select a profile to edit it, or create one.</SectionCard>
      )}
      <CreateProfileDialog open={creating} onClose={() => setCreating(false)} onCreated={open} />
      <DiscardChangesDialog
        open={switchingTo !== null}
        onCancel={() => setSwitchingTo(null)}
        onDiscard={() => open(switchingTo ?? undefined)}
      />
    </Box>
  );
}
