import type { DeviceRights } from '@ec/contract/access';
import type { Device } from '@ec/contract/devices';
import type { Fleet } from '@ec/contract/fleets';
import { PREVIEW_TILE_MAX_WIDTH } from '@ec/contract/input-preview';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueries } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { RequestError } from '../../../components/ui/request-error';
import { deviceQueryOptions } from '../../../lib/devices/get-device';
import { deviceEntitlementsQueryOptions } from '../../../lib/entitlements/get-device-entitlements';
import { useFleetDevices } from '../../../lib/fleets/get-fleet-devices';
import {
  DEFAULT_MULTIVIEW_SORT_BY,
  DEFAULT_MULTIVIEW_SORT_ORDER,
  type MultiviewSortBy,
  preferences,
  type SortOrder,
  usePreference,
} from '../../../lib/preferences';
import { useSession } from '../../../lib/session/session-store';
import { shadowQueryOptions } from '../../../lib/shadows/get-shadow';
import { useInputPreview } from '../hooks/use-input-preview';
import {
  FLEET_MULTIVIEW_FEATURE,
  type MultiviewTile,
  multiviewCandidates,
  multiviewTiles,
  NO_PREVIEWS,
} from '../logic/multiview-tiles';
import { previewUnavailable } from '../logic/preview-availability';
import { reportedInputs } from './device-input-previews';
import { InputPreviewTile } from './input-preview-tile';

/** One tile: its device's live preview (one request per device, whatever its tiles), the input's picture. */
function MultiviewTileView(props: {
  tile: MultiviewTile;
  device: Device;
  rights: DeviceRights | undefined;
  entitlements: Readonly<Record<string, unknown>> | undefined;
}) {
  const { tile } = props;
  const unavailable =
    props.rights && props.entitlements
      ? previewUnavailable({ device: props.device, rights: props.rights, entitlements: props.entitlements })
      : 'Loading...';
  const preview = useInputPreview(tile.deviceGuid, unavailable);
  return (
    <Stack component="li" spacing={1} sx={{ flex: `0 1 ${PREVIEW_TILE_MAX_WIDTH}px`, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {tile.deviceName} · {tile.inputName}
      </Typography>
      <InputPreviewTile
        inputName={`${tile.inputName} of ${tile.deviceName}`}
        frame={preview.frames.get(tile.inputId)}
        status={preview.status}
      />
    </Stack>
  );
}

/** Follows the browser's full-screen state of one element. */
function useFullScreen() {
  const ref = useRef<HTMLDivElement>(null);
  const [full, setFull] = useState(false);
  useEffect(() => {
    const follow = () => setFull(document.fullscreenElement === ref.current && ref.current !== null);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);
  const toggle = () => {
    if (full) void document.exitFullscreen?.();
    else void ref.current?.requestFullscreen?.();
  };
  return { ref, full, toggle };
}

/**
 * The fleet's Multi-view tab (spec 2 §2.6): live preview tiles 480 px wide of the inputs with a format
 * of the online devices licensed for the fleet multiview with cloud agent v1.3.0 or later, sorted by
 * device or input name either way (kept as the user's preference, decision 26), in full screen on demand.
 */
export function FleetMultiview({ fleet }: { fleet: Fleet }) {
  const { orgGuid } = useSession();
  const devices = useFleetDevices(fleet.fleet_guid);
  const sortBy = usePreference('multiviewSortBy') ?? DEFAULT_MULTIVIEW_SORT_BY;
  const order = usePreference('multiviewSortOrder') ?? DEFAULT_MULTIVIEW_SORT_ORDER;
  const fullScreen = useFullScreen();
  const candidates = multiviewCandidates(devices.data ?? []);
  const entitlements = useQueries({
    queries: candidates.map((device) => deviceEntitlementsQueryOptions(orgGuid, device.device_guid)),
  });
  const inputs = useQueries({
    queries: candidates.map((device) => shadowQueryOptions(orgGuid, device.device_guid, 'Inputs')),
  });
  const details = useQueries({
    queries: candidates.map((device) => deviceQueryOptions(orgGuid, device.device_guid)),
  });

  const loading =
    devices.isPending ||
    entitlements.some((query) => query.isPending) ||
    inputs.some((query) => query.isPending);
  const failed = [devices, ...entitlements, ...inputs].find((query) => query.isError);
  const byDevice = candidates.map((device, index) => ({
    device,
    // Device admins bypass the feature gates (spec 2 §5).
    licensed:
      details[index]?.data?.rights.admin === true ||
      entitlements[index]?.data?.properties[FLEET_MULTIVIEW_FEATURE] === true,
    inputs: reportedInputs(inputs[index]?.data?.reported?.state ?? undefined),
    rights: details[index]?.data?.rights,
    entitlements: entitlements[index]?.data?.properties,
  }));
  const tiles = multiviewTiles(byDevice, sortBy, order);

  let content: ReactNode;
  if (loading)
    content = (
      <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }} role="status" aria-busy="true">
        <Skeleton
          variant="rounded"
          width={PREVIEW_TILE_MAX_WIDTH}
          height={270}
          role="progressbar"
          aria-label="Loading previews"
          sx={{ maxWidth: '100%' }}
        />
      </Stack>
    );
  else if (failed) content = <RequestError error={failed.error} onRetry={() => failed.refetch()} />;
  else if (tiles.length === 0) content = <Alert severity="info">{NO_PREVIEWS}</Alert>;
  else
    content = (
      <Stack
        component="ul"
        direction="row"
        useFlexGap
        spacing={2}
        aria-label="Input previews"
        sx={{ flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0 }}
      >
        {tiles.map((tile) => {
          const entry = byDevice.find((candidate) => candidate.device.device_guid === tile.deviceGuid)!;
          return (
            <MultiviewTileView
              key={tile.key}
              tile={tile}
              device={entry.device}
              rights={entry.rights}
              entitlements={entry.entitlements}
            />
          );
        })}
      </Stack>
    );

  return (
    <Box
      ref={fullScreen.ref}
      sx={{ bgcolor: 'background.default', ...(fullScreen.full && { p: 2, overflow: 'auto' }) }}
    >
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            size="small"
            label="Sort by"
            value={sortBy}
            onChange={(event) => preferences.set('multiviewSortBy', event.target.value as MultiviewSortBy)}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="device_name">Device Name</MenuItem>
            <MenuItem value="input_name">Input Name</MenuItem>
          </TextField>
          <TextField
            select
            size="small"
            label="Order"
            value={order}
            onChange={(event) => preferences.set('multiviewSortOrder', event.target.value as SortOrder)}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="asc">Ascending</MenuItem>
            <MenuItem value="desc">Descending</MenuItem>
          </TextField>
          <Button
            variant="outlined"
            startIcon={fullScreen.full ? <FullscreenExitIcon /> : <FullscreenIcon />}
            onClick={fullScreen.toggle}
            sx={{ ml: { sm: 'auto' } }}
          >
            {fullScreen.full ? 'Exit Full Screen' : 'Full Screen'}
          </Button>
        </Stack>
        {content}
      </Stack>
    </Box>
  );
}
