import { DEVICE_PAGE_SIZE } from '@ec/contract/devices';
import { useSessionUser } from '../../../lib/session/get-session-user';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { useAssignedDevices } from '../api/get-devices';
import { DeviceTable } from './device-table';

/** 'Assigned To Me' (spec 2 §2.3): the devices given to the signed-in user as a device user. */
export function AssignedDevices() {
  const session = useSessionUser();
  const paging = useTokenPagination([]);
  const devices = useAssignedDevices(session.data?.user.user_guid, {
    pagination_size: DEVICE_PAGE_SIZE,
    pagination_token: paging.token,
  });
  return (
    <DeviceTable
      label="Devices assigned to me"
      devices={devices.data?.devices ?? []}
      query={devices}
      paging={{
        kind: 'token',
        state: paging,
        nextToken: devices.data?.pagination_token ?? null,
        pageSize: DEVICE_PAGE_SIZE,
      }}
    />
  );
}
