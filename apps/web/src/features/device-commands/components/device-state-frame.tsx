import type { DeviceState } from '@ec/contract/devices';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RequestError } from '../../../components/ui/request-error';

/** A dialog's part that reads the device's state: skeleton, request error with Retry, or no state. */
export function DeviceStateFrame(props: {
  state: UseQueryResult<DeviceState | null>;
  children: (state: DeviceState) => ReactNode;
}) {
  const { state } = props;
  if (state.isPending) {
    return (
      <Stack spacing={1} aria-busy="true" aria-label="Loading the device's state">
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="rounded" height={48} />
      </Stack>
    );
  }
  if (state.isError) return <RequestError error={state.error} onRetry={state.refetch} />;
  if (!state.data) return <Alert severity="info">This device has no state</Alert>;
  return props.children(state.data);
}
