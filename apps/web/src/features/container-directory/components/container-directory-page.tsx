import { hasGroup } from '@ec/contract/access';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { SectionCard } from '../../../components/ui/section-card';
import { useSessionUser } from '../../../lib/session/get-session-user';
import { useDirectoryEntries } from '../api/get-directory-entries';
import { DirectoryEntryEditor } from './directory-entry-editor';
import { DirectoryEntryList } from './directory-entry-list';

/** What the detail pane shows: nothing picked, a new entry, or a saved one by its guid. */
type Selection = { kind: 'none' } | { kind: 'new' } | { kind: 'entry'; containerGuid: string };

/**
 * /admin/containers, 'Container Directory' (spec 3 §2.9, §4.6): the list on the left with Create
 * Container, the selected entry on the right. Container administrators (ContainerManagement) change it
 * and also see the unpublished entries; anyone else reads the published ones with every field disabled.
 */
export function ContainerDirectoryPage() {
  const session = useSessionUser();
  const canEdit = hasGroup(session.data?.user.groups ?? [], 'ContainerManagement');
  const entries = useDirectoryEntries(canEdit, session.isSuccess);
  const [selection, setSelection] = useState<Selection>({ kind: 'none' });
  const selectedGuid = selection.kind === 'entry' ? selection.containerGuid : null;
  const selected = entries.data?.find((entry) => entry.container_guid === selectedGuid) ?? null;
  const clear = () => setSelection({ kind: 'none' });

  return (
    <Stack spacing={2}>
      <Typography variant="h1">Container Directory</Typography>
      {session.isSuccess && !canEdit && (
        <Alert severity="info">
          Only container administrators (ContainerManagement) can change the directory.
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <Stack sx={{ width: { xs: '100%', md: 320 }, flexShrink: 0 }}>
          <SectionCard
            title="Containers"
            actions={
              <Button
                variant="contained"
                size="small"
                disabled={!canEdit}
                onClick={() => setSelection({ kind: 'new' })}
              >
                Create Container
              </Button>
            }
          >
            <DirectoryEntryList
              entries={entries.data}
              isLoading={entries.isPending}
              error={entries.error}
              onRetry={() => entries.refetch()}
              selected={selectedGuid}
              onSelect={(containerGuid) => setSelection({ kind: 'entry', containerGuid })}
            />
          </SectionCard>
        </Stack>
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <SectionCard title={selection.kind === 'new' ? 'New Container' : (selected?.name ?? 'Container')}>
            {selection.kind === 'new' || selected ? (
              <DirectoryEntryEditor
                key={selected?.container_guid ?? 'new'}
                entry={selected}
                canEdit={canEdit}
                onDone={clear}
              />
            ) : (
              <Typography variant="body2" color="text.secondary">
                Select a container, or create one.
              </Typography>
            )}
          </SectionCard>
        </Stack>
      </Stack>
    </Stack>
  );
}
