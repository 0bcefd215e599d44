import type { ShadowVersionSummary } from '@ec/contract/shadow-history';
import type { ShadowName } from '@ec/contract/shadows';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RequestError } from '../../../components/ui/request-error';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { useShadowVersion } from '../api/get-shadow-version';
import type { ComparedVersions } from '../logic/compared-versions';
import { versionChanges } from '../logic/version-changes';
import { versionName } from './version-list';

/**
 * Two versions side by side, the older on the left: each changed field in the tab's words with its
 * value in both. The other version is the user's choice among those listed.
 */
export function VersionComparison(props: {
  deviceGuid: string;
  shadowName: ShadowName;
  versions: readonly ShadowVersionSummary[];
  current: number | null;
  selected: number;
  compared: ComparedVersions | null;
  onChoose: (version: number) => void;
}) {
  const { deviceGuid, shadowName, compared, selected } = props;
  const older = useShadowVersion(deviceGuid, shadowName, compared?.older ?? null);
  const newer = useShadowVersion(deviceGuid, shadowName, compared?.newer ?? null);
  const other = compared && (compared.older === selected ? compared.newer : compared.older);
  const choices = props.versions.filter((version) => version.version !== selected);

  return (
    <Stack spacing={2} component="section" aria-label="Comparison">
      <Typography variant="h6" component="h3">
        {versionName(selected, props.current)}
      </Typography>
      {choices.length > 0 && other !== null && (
        <TextField
          select
          size="small"
          label="Compare with"
          value={other}
          onChange={(event) => props.onChoose(Number(event.target.value))}
          sx={{ maxWidth: 280 }}
        >
          {/* The current version may not be listed yet (a later page, or a report just in). */}
          {!choices.some((version) => version.version === other) && (
            <MenuItem value={other}>{versionName(other, props.current)}</MenuItem>
          )}
          {choices.map((version) => (
            <MenuItem key={version.version} value={version.version}>
              {versionName(version.version, props.current)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {!compared && (
        <Typography>This is the only version kept: there is nothing to compare it with.</Typography>
      )}
      <RequestError error={older.error} onRetry={older.refetch} />
      <RequestError error={newer.error} onRetry={newer.refetch} />
      {compared && (older.isPending || newer.isPending) && !older.isError && !newer.isError && (
        <Stack spacing={1} role="status" aria-busy="true">
          <VisuallyHidden>Loading the two versions</VisuallyHidden>
          <Skeleton variant="rounded" height={120} aria-hidden="true" />
        </Stack>
      )}
      {compared && older.data && newer.data && (
        <Changes
          shadowName={shadowName}
          compared={compared}
          older={older.data.state}
          newer={newer.data.state}
        />
      )}
    </Stack>
  );
}

function Changes(props: {
  shadowName: ShadowName;
  compared: ComparedVersions;
  older: Record<string, unknown>;
  newer: Record<string, unknown>;
}) {
  const { older, newer } = props.compared;
  const changes = versionChanges(props.shadowName, props.older, props.newer);
  if (changes.length === 0)
    return (
      <Typography>
        Versions {older} and {newer} have the same configuration.
      </Typography>
    );
  return (
    <Table
      size="small"
      aria-label={`Changes from version ${older} to version ${newer}`}
      sx={{ tableLayout: 'fixed', '& th, & td': { overflowWrap: 'anywhere', verticalAlign: 'top' } }}
    >
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            Setting
          </TableCell>
          <TableCell component="th" scope="col">
            Version {older}
          </TableCell>
          <TableCell component="th" scope="col">
            Version {newer}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map((change) => (
          <TableRow key={change.key}>
            <TableCell component="th" scope="row">
              {change.label}
            </TableCell>
            <TableCell>{change.before}</TableCell>
            <TableCell>{change.after}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
