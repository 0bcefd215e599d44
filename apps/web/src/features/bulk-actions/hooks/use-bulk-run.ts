import type { Device, GetDeviceResponse } from '@ec/contract/devices';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { parseErrorText } from '../../../lib/api-error';
import { queryRoots } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-store';
import { BULK_REFRESH_MS } from '../api/get-bulk-device';
import { type BulkItem, QUEUED } from '../logic/bulk-status';
import { refusalBeforeSending, type TaskContext } from '../logic/device-tasks';
import { BULK_CONCURRENCY, runPool } from '../logic/run-pool';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Runs one action on many devices (spec 2 §2.3): four at a time, each device with its own status;
 * a device the console knows to be offline or out of the caller's rights is not sent anything, one
 * that fails shows its own message and the others go on. What a device's action changed is read
 * again once it is over, and the device lists 5 s later. `stop` (closing the dialog) sends nothing
 * more; commands already sent carry on on their devices.
 */
export function useBulkRun() {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  const [items, setItems] = useState<ReadonlyMap<string, BulkItem>>(new Map());
  const controller = useRef<AbortController | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(
    () => () => {
      controller.current?.abort();
      for (const timer of timers.current) clearTimeout(timer);
    },
    [],
  );

  const start = useCallback(
    async (
      devices: readonly Device[],
      right: 'control' | 'edit',
      task: (context: TaskContext) => Promise<unknown>,
    ) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setItems(new Map(devices.map((device) => [device.device_guid, QUEUED])));
      const reporter = (deviceGuid: string) => (item: BulkItem) => {
        if (!abort.signal.aborted) setItems((current) => new Map(current).set(deviceGuid, item));
      };
      await runPool(
        devices,
        BULK_CONCURRENCY,
        async (device) => {
          const report = reporter(device.device_guid);
          const key = queryRoots.device(orgGuid, device.device_guid);
          const known = queryClient.getQueryData<GetDeviceResponse>(key);
          const refusal = refusalBeforeSending({
            online: known?.device.online ?? device.online,
            rights: known?.rights,
            right,
          });
          if (refusal) {
            report({ status: 'not sent', message: refusal });
            return;
          }
          await task({
            deviceGuid: device.device_guid,
            signal: abort.signal,
            report,
            sleep,
            errorText: parseErrorText,
          });
          void queryClient.invalidateQueries({ queryKey: key });
          timers.current.push(
            setTimeout(
              () => void queryClient.invalidateQueries({ queryKey: queryRoots.devices(orgGuid) }),
              BULK_REFRESH_MS,
            ),
          );
        },
        abort.signal,
      );
    },
    [queryClient, orgGuid],
  );

  const stop = useCallback(() => {
    controller.current?.abort();
    setItems(new Map());
  }, []);

  return { items, start, stop, started: items.size > 0 };
}
