import {
  FINISHED_ROLLOUT_STATES,
  ROLLOUT_DEVICE_STATE_LABELS,
  type Rollout,
  type RolloutDevice,
  type RolloutWave,
} from '@ec/contract/rollouts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { BackButton } from '../../../components/ui/back-button';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { DeviceLabel } from '../../../components/ui/device-label';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { InfoGrid } from '../../../components/ui/info-grid';
import { PageSkeleton } from '../../../components/ui/page-skeleton';
import { RequestError } from '../../../components/ui/request-error';
import { SectionCard } from '../../../components/ui/section-card';
import { paths } from '../../../config/paths';
import { formatTimestamp } from '../../../lib/format-date';
import { type RolloutAction, useChangeRollout } from '../api/change-rollout';
import { useRollout } from '../api/get-rollout';
import { countsSummary, progressPercent, rolloutSourceLabel, waveLabel } from '../logic/rollout-progress';
import { RolloutStateChip } from './rollout-state-chip';

const deviceColumns: DataTableColumn<RolloutDevice>[] = [
  {
    id: 'device',
    header: 'Device',
    cell: (device) => (
      <DeviceLabel
        deviceGuid={device.device_guid}
        name={device.device_name || device.serial_number || device.device_guid}
        alertCount={0}
      />
    ),
  },
  {
    id: 'serial',
    header: 'Serial Number',
    cell: (device) => device.serial_number,
    display: { xs: 'none', md: 'table-cell' },
  },
  { id: 'result', header: 'Result', cell: (device) => ROLLOUT_DEVICE_STATE_LABELS[device.device_state] },
  {
    id: 'message',
    header: 'Message',
    cell: (device) => device.message,
    cellSx: { overflowWrap: 'anywhere' },
  },
  {
    id: 'finished',
    header: 'Finished',
    cell: (device) => formatTimestamp(device.finished_at ?? device.sent_at),
    display: { xs: 'none', sm: 'table-cell' },
  },
];

/** /rollouts/:rolloutGuid: the rollout's progress, live, wave by wave and device by device. */
export function RolloutPage() {
  const { rolloutGuid = '' } = useParams();
  const rollout = useRollout(rolloutGuid);
  const back = <BackButton to={paths.rollouts.list.getHref()} label="Rollouts" />;
  if (rollout.isPending) return <PageSkeleton label="Loading the rollout" boxes={3} />;
  if (rollout.error || !rollout.data)
    return (
      <Stack spacing={2}>
        {back}
        <Typography variant="h1">Rollout</Typography>
        <RequestError error={rollout.error} onRetry={rollout.refetch} />
      </Stack>
    );
  const { rollout: current, waves } = rollout.data;
  return (
    <Stack spacing={2}>
      {back}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          Rollout: {rolloutSourceLabel(current)}
        </Typography>
        <RolloutStateChip state={current.rollout_state} />
      </Stack>
      {current.stop_reason && (
        <Alert severity="error" role="status">
          Stopped: {current.stop_reason}
        </Alert>
      )}
      <RolloutSummary rollout={current} />
      {waves.map((wave) => (
        <WaveSection key={wave.wave} wave={wave} rollout={current} />
      ))}
    </Stack>
  );
}

function RolloutSummary({ rollout }: { rollout: Rollout }) {
  const percent = progressPercent(rollout.counts);
  const labelId = useId();
  return (
    <SectionCard title="Progress" actions={rollout.manageable && <RolloutActions rollout={rollout} />}>
      <Stack spacing={2}>
        <Stack spacing={0.5}>
          <Typography id={labelId}>
            {waveLabel(rollout)} · {countsSummary(rollout.counts)}
          </Typography>
          <LinearProgress variant="determinate" value={percent} aria-labelledby={labelId} />
        </Stack>
        <InfoGrid
          items={[
            {
              label: 'Target',
              value:
                rollout.target_kind === 'fleet'
                  ? `Fleet (${rollout.device_count} devices at its start)`
                  : `${rollout.device_count} devices`,
            },
            { label: 'Wave size', value: String(rollout.wave_size) },
            { label: 'Pause between waves', value: `${rollout.pause_seconds} s` },
            {
              label: 'Offline devices',
              value: rollout.offline_policy === 'skip' ? 'Skipped' : 'Queued until online',
            },
            { label: 'Next wave', value: formatTimestamp(rollout.next_wave_at) },
            { label: 'Started by', value: rollout.created_by_email },
            { label: 'Started', value: formatTimestamp(rollout.created_at) },
            { label: 'Finished', value: formatTimestamp(rollout.finished_at) },
          ]}
        />
      </Stack>
    </SectionCard>
  );
}

/** Pause or Resume, and Cancel after a confirmation, while the rollout has not finished. */
function RolloutActions({ rollout }: { rollout: Rollout }) {
  const change = useChangeRollout(rollout.rollout_guid);
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  if (FINISHED_ROLLOUT_STATES.includes(rollout.rollout_state)) return null;
  const run = (action: RolloutAction) => change.mutateAsync(action).catch(() => undefined);
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {rollout.rollout_state === 'running' ? (
        <Button variant="outlined" onClick={() => run('pause')} loading={change.isPending}>
          Pause
        </Button>
      ) : (
        <Button variant="outlined" onClick={() => run('resume')} loading={change.isPending}>
          Resume
        </Button>
      )}
      <Button color="error" onClick={() => setConfirming(true)}>
        Cancel Rollout
      </Button>
      <ErrorAlert error={change.error} />
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Cancel this rollout?</DialogTitle>
        <DialogContent>
          Devices not sent to yet keep their configuration. Devices that already applied the change keep it.
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Keep Going</Button>
          <Button
            color="error"
            variant="contained"
            onClick={async () => {
              await run('cancel');
              setConfirming(false);
            }}
          >
            Cancel Rollout
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

function WaveSection({ wave, rollout }: { wave: RolloutWave; rollout: Rollout }) {
  const underWay =
    !FINISHED_ROLLOUT_STATES.includes(rollout.rollout_state) && wave.wave === rollout.current_wave;
  return (
    <SectionCard
      title={`Wave ${wave.wave + 1}`}
      subtitle={`${underWay ? 'Under way · ' : ''}${countsSummary(wave.counts)}`}
    >
      <DataTable
        label={`Wave ${wave.wave + 1} devices`}
        columns={deviceColumns}
        rows={wave.devices}
        rowKey={(device) => device.device_guid}
        emptyText="No devices"
        paging={{ kind: 'client', pageSizes: [25, 100, -1], resetKey: wave.wave }}
      />
    </SectionCard>
  );
}
