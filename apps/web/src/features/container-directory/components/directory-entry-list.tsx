import type { DirectoryEntry } from '@ec/contract/containers/directory';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { placeholderKeys } from '../../../components/ui/placeholder-keys';
import { RequestError } from '../../../components/ui/request-error';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';

/** The directory's entries by name; the selected one is open in the editor beside. */
export function DirectoryEntryList(props: {
  entries: DirectoryEntry[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => unknown;
  selected: string | null;
  onSelect: (containerGuid: string) => void;
}) {
  if (props.error) return <RequestError error={props.error} onRetry={props.onRetry} />;
  if (props.isLoading || !props.entries)
    return (
      <Stack spacing={1} role="status" aria-busy="true">
        <VisuallyHidden>Loading containers</VisuallyHidden>
        {placeholderKeys(4).map((key) => (
          <Skeleton key={key} variant="rounded" height={48} aria-hidden="true" />
        ))}
      </Stack>
    );
  if (props.entries.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No containers
      </Typography>
    );
  return (
    <List dense disablePadding aria-label="Containers">
      {props.entries.map((entry) => (
        <ListItem key={entry.container_guid} disablePadding>
          <ListItemButton
            selected={entry.container_guid === props.selected}
            aria-current={entry.container_guid === props.selected ? 'true' : undefined}
            onClick={() => props.onSelect(entry.container_guid)}
          >
            <ListItemText primary={entry.name} secondary={entry.identifier || entry.image_url} />
            {!entry.published && <Chip size="small" label="Unpublished" variant="outlined" sx={{ ml: 1 }} />}
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
