import type { Fleet } from '@ec/contract/fleets';
import type { DriftDifference, DriftStatus, FleetDrift } from '@ec/contract/shadow-drift';
import { isTemplateShadow } from '@ec/contract/shadow-template-state';
import type { ShadowTemplate } from '@ec/contract/shadow-templates';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PageSkeleton } from '../../../components/ui/page-skeleton';
import { RequestError } from '../../../components/ui/request-error';
import { formatChangeValue } from '../../../lib/shadows/document-changes';
import { useFleetDrift } from '../api/fleet-drift';
import { changeFieldLabel } from '../logic/template-changes';

export type DriftDevice = FleetDrift['devices'][number];

export const NO_DRIFT_TEMPLATES = 'The fleet has no templates to compare with: add one in the Templates tab.';

/** What a device's chip says. */
export function driftChipLabel(device: DriftDevice): string {
  if (device.status === 'in_sync') return 'In sync';
  if (device.status === 'unknown') return 'Unknown';
  const count = device.shadows.reduce((sum, shadow) => sum + shadow.differences.length, 0);
  return `Drifting (${count} ${count === 1 ? 'difference' : 'differences'})`;
}

const CHIP_COLOR: Record<DriftStatus, 'success' | 'warning' | 'default'> = {
  in_sync: 'success',
  drifting: 'warning',
  unknown: 'default',
};

/** One difference in the forms' words: the field, then the template's and the device's values. */
function differenceCells(shadowName: string, difference: DriftDifference) {
  const entry = difference.entry ?? {};
  const field = isTemplateShadow(shadowName as never)
    ? changeFieldLabel(shadowName as never, difference.path, entry)
    : difference.path.join(' › ');
  if (difference.secret) return { field, template: 'Differs (secret)', device: 'Differs (secret)' };
  // An entry one side has and the other lacks is named, not spelled out.
  if (difference.path.length === 2)
    return {
      field,
      template: difference.template === undefined ? 'Not in the template' : 'Present',
      device: difference.device === undefined ? 'Missing' : 'Present',
    };
  return {
    field,
    template: formatChangeValue(difference.template),
    device: formatChangeValue(difference.device),
  };
}

function DifferencesTable({ device }: { device: DriftDevice }) {
  const rows = device.shadows.flatMap((shadow) =>
    shadow.differences.map((difference) => ({
      key: `${shadow.shadow_name}:${difference.path.join('.')}`,
      shadow: shadow.shadow_name,
      ...differenceCells(shadow.shadow_name, difference),
    })),
  );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={`Differences of ${device.device_name || device.serial_number}`}>
        <TableHead>
          <TableRow>
            <TableCell>Shadow</TableCell>
            <TableCell>Field</TableCell>
            <TableCell>Template</TableCell>
            <TableCell>Device</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell>{row.shadow}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.field}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.template}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.device}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function DeviceName({ device }: { device: DriftDevice }) {
  return (
    <Stack sx={{ minWidth: 0 }}>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{device.device_name || device.serial_number}</Typography>
      {device.device_name && (
        <Typography variant="body2" color="text.secondary">
          {device.serial_number}
        </Typography>
      )}
    </Stack>
  );
}

function DriftRow({ device }: { device: DriftDevice }) {
  const chip = <Chip size="small" color={CHIP_COLOR[device.status]} label={driftChipLabel(device)} />;
  const head = (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, width: '100%', pr: 1 }}
    >
      <DeviceName device={device} />
      <Box>{chip}</Box>
    </Stack>
  );
  if (device.status !== 'drifting')
    return (
      <Paper
        variant="outlined"
        role="group"
        aria-label={device.device_name || device.serial_number}
        sx={{ px: 2, py: 1.5 }}
      >
        {head}
      </Paper>
    );
  return (
    <Accordion variant="outlined" disableGutters>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>{head}</AccordionSummary>
      <AccordionDetails>
        <DifferencesTable device={device} />
      </AccordionDetails>
    </Accordion>
  );
}

/**
 * The fleet's Drift tab (issue 26, decisions 197-199): each device against the fleet's newest template of
 * each shadow, In sync / Drifting / Unknown, a drifting one opening to its differences in the forms'
 * words (secrets only said to differ). `onBringBack`, supplied by the app's composition, applies the
 * templates to the drifting devices; without it the button is not shown.
 */
export function FleetDriftTab(props: {
  fleet: Fleet;
  onBringBack?: (devices: DriftDevice[], templates: ShadowTemplate[]) => void;
}) {
  const drift = useFleetDrift(props.fleet.fleet_guid);
  if (drift.isPending) return <PageSkeleton label="Loading drift" boxes={3} boxHeight={56} />;
  if (drift.isError) return <RequestError error={drift.error} onRetry={drift.refetch} />;
  const { devices, templates } = drift.data;
  if (templates.length === 0) return <Typography color="text.secondary">{NO_DRIFT_TEMPLATES}</Typography>;
  const count = (status: DriftStatus) => devices.filter((device) => device.status === status).length;
  const drifting = devices.filter((device) => device.status === 'drifting');
  const { onBringBack } = props;

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Stack spacing={0.5}>
          <Typography>
            Compared with {templates.map((t) => `${t.template_name} (${t.shadow_name})`).join(', ')}
          </Typography>
          <Typography color="text.secondary" role="status">
            {count('in_sync')} in sync · {count('drifting')} drifting · {count('unknown')} unknown
          </Typography>
        </Stack>
        {onBringBack && props.fleet.editable && drifting.length > 0 && (
          <Button
            variant="contained"
            onClick={() => onBringBack(drifting, templates)}
            sx={{ alignSelf: { sm: 'center' } }}
          >
            Bring Back {drifting.length} {drifting.length === 1 ? 'Device' : 'Devices'}
          </Button>
        )}
      </Stack>
      {devices.length === 0 ? (
        <Typography color="text.secondary">No devices in this fleet</Typography>
      ) : (
        <Stack spacing={1}>
          {devices.map((device) => (
            <DriftRow key={device.device_guid} device={device} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
