import type { ShadowVersionSummary } from '@ec/contract/shadow-history';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { placeholderKeys } from '../../../components/ui/placeholder-keys';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { formatTimestamp } from '../../../lib/format-date';

/** Who caused a version: the user whose command the device applied, or the device itself. */
export const causedByText = (version: ShadowVersionSummary) => version.caused_by?.email ?? 'the device';

export const versionName = (version: number, current: number | null) =>
  version === current ? `Version ${version} (current)` : `Version ${version}`;

/** The versions, newest first, each with when it was reported and who caused it; one is selected. */
export function VersionList(props: {
  versions: readonly ShadowVersionSummary[];
  current: number | null;
  selected: number | null;
  onSelect: (version: number) => void;
}) {
  return (
    <List aria-label="Versions" dense disablePadding>
      {props.versions.map((version) => {
        const selected = version.version === props.selected;
        return (
          <ListItem key={version.version} disablePadding>
            <ListItemButton
              selected={selected}
              aria-current={selected ? 'true' : undefined}
              onClick={() => props.onSelect(version.version)}
            >
              <ListItemText
                primary={versionName(version.version, props.current)}
                secondary={
                  <>
                    <Box component="span" sx={{ display: 'block' }}>
                      {formatTimestamp(version.reported_at)}
                    </Box>
                    <Box component="span" sx={{ display: 'block' }}>
                      by {causedByText(version)}
                    </Box>
                  </>
                }
              />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}

/** The list's shape while the versions load. */
export function VersionListSkeleton() {
  return (
    <Stack spacing={1} role="status" aria-busy="true">
      <VisuallyHidden>Loading the versions</VisuallyHidden>
      {placeholderKeys(4).map((key) => (
        <Skeleton key={key} variant="rounded" height={56} aria-hidden="true" />
      ))}
    </Stack>
  );
}
