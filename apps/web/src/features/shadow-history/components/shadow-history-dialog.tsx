import type { Shadow } from '@ec/contract/shadows';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { RequestError } from '../../../components/ui/request-error';
import { shadowForm } from '../../../lib/shadows/shadow-forms';
import type { useShadowCommandFlow } from '../../../lib/shadows/use-shadow-command-flow';
import { useShadowVersion } from '../api/get-shadow-version';
import { useShadowVersions } from '../api/get-shadow-versions';
import { comparedVersions } from '../logic/compared-versions';
import { RestoreVersionDialog } from './restore-version-dialog';
import { VersionComparison } from './version-comparison';
import { VersionList, VersionListSkeleton } from './version-list';

export type HistoryCommandFlow = Pick<ReturnType<typeof useShadowCommandFlow>, 'start' | 'pending'>;

/**
 * A shadow's version history (beyond spec 3): the versions newest first with when and who, "Load
 * more" for older ones, two versions side by side, and for editors Restore, which sends the selected
 * version through the tab's command flow as a set against the current version (the frame's command
 * banner then shows what the device did). Full screen on a phone.
 */
export function ShadowHistoryDialog(props: {
  deviceGuid: string;
  shadow: Shadow;
  flow: HistoryCommandFlow;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { deviceGuid, shadow, flow } = props;
  const name = shadow.shadow_name;
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const list = useShadowVersions(deviceGuid, name, true);
  const [picked, setPicked] = useState<number | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);

  const versions = list.data ?? [];
  const current = shadow.reported?.current_version ?? null;
  const selected = picked ?? versions[0]?.version ?? null;
  const compared =
    selected === null
      ? null
      : comparedVersions(
          versions.map((version) => version.version),
          selected,
          chosen,
          current,
        );
  const selectedDocument = useShadowVersion(deviceGuid, name, selected);
  // Editors restore any version but the current one, of a shadow a tab sets (not Containers).
  const form = shadowForm(name);
  const restorable =
    props.canEdit && form !== undefined && selected !== null && current !== null && selected !== current;

  const select = (version: number) => {
    setPicked(version);
    setChosen(null);
  };

  const restore = () => {
    const document = selectedDocument.data;
    setConfirming(false);
    if (!document || current === null || !form) return;
    const state = form.restoreSet(document.state, shadow.reported?.state);
    props.onClose();
    void flow
      .start({ command_type: 'set', commands: [{ shadow_name: name, target_version: current, state }] })
      .catch(() => undefined);
  };

  return (
    <>
      <Dialog
        open
        onClose={props.onClose}
        fullWidth
        fullScreen={phone}
        maxWidth="lg"
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>{name} history</DialogTitle>
        <DialogContent dividers>
          <RequestError error={list.error} onRetry={list.refetch} />
          {list.isPending && <VersionListSkeleton />}
          {list.isSuccess && versions.length === 0 && (
            <Typography>No versions of the {name} configuration are kept yet.</Typography>
          )}
          {selected !== null && (
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <Box
                sx={{
                  width: { md: 300 },
                  flexShrink: 0,
                  // The comparison stays in reach however many versions are loaded.
                  maxHeight: { xs: '40vh', md: '60vh' },
                  overflowY: 'auto',
                }}
              >
                <VersionList versions={versions} current={current} selected={selected} onSelect={select} />
                {list.hasNextPage && (
                  <Button
                    size="small"
                    onClick={() => void list.fetchNextPage()}
                    loading={list.isFetchingNextPage}
                    sx={{ mt: 1 }}
                  >
                    Load more
                  </Button>
                )}
              </Box>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <VersionComparison
                  deviceGuid={deviceGuid}
                  shadowName={name}
                  versions={versions}
                  current={current}
                  selected={selected}
                  compared={compared}
                  onChoose={setChosen}
                />
              </Box>
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          {restorable && (
            <Button
              variant="contained"
              disabled={flow.pending || !selectedDocument.data}
              onClick={() => setConfirming(true)}
            >
              Restore version {selected}
            </Button>
          )}
          <Button onClick={props.onClose}>Close</Button>
        </DialogActions>
      </Dialog>
      {confirming && selected !== null && current !== null && (
        <RestoreVersionDialog
          version={selected}
          current={current}
          onCancel={() => setConfirming(false)}
          onConfirm={restore}
        />
      )}
    </>
  );
}
