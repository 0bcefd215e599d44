import type { FleetStatus } from '@ec/contract/fleets';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

/** Spec 2 §8: what the fleet status chip says when the status call fails. */
export const FLEET_STATUS_ERROR = 'Error fetching status';

/** The figures of the fleet status label (spec 2 §2.13), each 'n/total'. */
export function fleetStatusChips(status: FleetStatus) {
  const total = status.total_devices;
  return [
    { label: 'Online', count: status.total_online, color: 'success' as const },
    { label: 'Streaming', count: status.total_streaming, color: 'primary' as const },
    { label: 'Alerts', count: status.total_alerts, color: 'error' as const },
  ].map((chip) => ({ ...chip, text: `${chip.label} ${chip.count}/${total}` }));
}

/** The fleet status label (spec 2 §2.13): chips Online, Streaming and Alerts as n/total. */
export function FleetStatusLabel(props: { status: FleetStatus | undefined; error: unknown }) {
  if (!props.status) {
    if (props.error) return <Chip size="small" color="error" variant="outlined" label={FLEET_STATUS_ERROR} />;
    return (
      <Skeleton
        variant="rounded"
        width={240}
        height={24}
        role="progressbar"
        aria-label="Loading fleet status"
      />
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} aria-label="Fleet status">
      {fleetStatusChips(props.status).map((chip) => (
        <Chip
          key={chip.label}
          size="small"
          variant="outlined"
          label={chip.text}
          color={chip.count > 0 ? chip.color : 'default'}
        />
      ))}
    </Stack>
  );
}
