import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type FieldChange, formatChangeValue, isRecord } from '../../../lib/shadows/document-changes';
import type { ReportedVersionGuard } from '../hooks/use-reported-version-guard';

export const NEWER_VERSION_TITLE = 'The configuration changed on the device while you were editing';
export const KEEP_EDITS = 'Keep my edits';
export const DISCARD_EDITS = 'Discard my edits';

function changeText(change: FieldChange, labelOf: (path: string[]) => string) {
  const label = labelOf(change.path);
  if (change.before === undefined && isRecord(change.after)) return `${label}: added`;
  if (change.after === undefined && isRecord(change.before)) return `${label}: removed`;
  return `${label}: ${formatChangeValue(change.before)} → ${formatChangeValue(change.after)}`;
}

/**
 * The notice of a newer reported version that arrived under unsaved edits (useReportedVersionGuard):
 * what changed on the device, field by field, and the user's choice to keep their edits on top of it
 * or discard them. `labelOf` names a changed field as the form labels it.
 */
export function NewerVersionNotice(props: {
  guard: Pick<ReportedVersionGuard, 'newer' | 'keepEdits' | 'discardEdits'>;
  labelOf?: (path: string[]) => string;
}) {
  const { newer, keepEdits, discardEdits } = props.guard;
  if (!newer) return null;
  const labelOf = props.labelOf ?? ((path: string[]) => path.join(' › '));
  return (
    <Alert severity="warning" aria-label="Newer configuration on the device">
      <AlertTitle>{NEWER_VERSION_TITLE}</AlertTitle>
      Version {newer.version} changed:
      <Box component="ul" sx={{ my: 1, pl: 3 }}>
        {newer.changes.map((change) => (
          <li key={change.path.join('.')}>{changeText(change, labelOf)}</li>
        ))}
      </Box>
      Your unsaved edits are kept. Keep them on top of this version, or discard them to see it as it is.
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        <Button variant="contained" size="small" color="warning" onClick={keepEdits}>
          {KEEP_EDITS}
        </Button>
        <Button size="small" color="inherit" onClick={discardEdits}>
          {DISCARD_EDITS}
        </Button>
      </Stack>
    </Alert>
  );
}
