import type { BulkDeviceResult } from '@ec/contract/bulk-actions';
import type { Device, GetDeviceResponse } from '@ec/contract/devices';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { parseErrorText } from '../../../lib/api-error';
import { queryRoots } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-store';
import { bulkFollowCalls, runBulkAction } from '../api/bulk-calls';
import { BULK_REFRESH_MS } from '../api/get-bulk-device';
import type { BulkActionSpec } from '../logic/bulk-action-kinds';
import { type BulkItem, QUEUED } from '../logic/bulk-status';
import {
  bulkItemOfRefusal,
  followAccepted,
  refusalBeforeSending,
  SENDING,
  SENT,
} from '../logic/device-tasks';
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
 * Runs one action on many devices (spec 2 §2.3): each device with its own status. A device the
 * console knows to be offline or out of the caller's rights is not sent anything; the others go in
 * one POST /devices/bulk_actions, whose answer says per device whether it was accepted or refused
 * (not licensed, unsupported version, offline...). Accepted devices are then followed four at a time.
 * What a device's action changed is read again once it is over, and the device lists 5 s later.
 * `stop` (closing the dialog) sends nothing more; commands already sent carry on on their devices.
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
      spec: Pick<BulkActionSpec, 'right' | 'action'>,
      /** Output Control's on or off; Install Container's directory container. */
      choice: { enable: boolean; containerId: string | null },
    ) => {
      const { enable } = choice;
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setItems(new Map(devices.map((device) => [device.device_guid, QUEUED])));
      const report = (deviceGuid: string) => (item: BulkItem) => {
        if (!abort.signal.aborted) setItems((current) => new Map(current).set(deviceGuid, item));
      };

      const sending = devices.filter((device) => {
        const known = queryClient.getQueryData<GetDeviceResponse>(
          queryRoots.device(orgGuid, device.device_guid),
        );
        const refusal = refusalBeforeSending({
          online: known?.device.online ?? device.online,
          rights: known?.rights,
          right: spec.right,
        });
        report(device.device_guid)(refusal ? { status: 'not sent', message: refusal } : SENDING);
        return !refusal;
      });
      if (sending.length === 0) return;

      let results: ReadonlyMap<string, BulkDeviceResult>;
      try {
        const answer = await runBulkAction(
          {
            action: spec.action,
            device_guids: sending.map((device) => device.device_guid),
            ...(spec.action === 'output_control' ? { enable } : {}),
            ...(spec.action === 'container_install' && choice.containerId
              ? { container_id: choice.containerId }
              : {}),
          },
          abort.signal,
        );
        results = new Map(answer.results.map((result) => [result.device_guid, result]));
      } catch (error) {
        if (abort.signal.aborted) return;
        const message = parseErrorText(error);
        for (const device of sending) report(device.device_guid)({ status: 'error', message });
        return;
      }
      const accepted = sending.flatMap((device) => {
        const result = results.get(device.device_guid);
        if (result?.status !== 202 || !result.command_guid) {
          report(device.device_guid)(bulkItemOfRefusal(result));
          return [];
        }
        report(device.device_guid)(SENT);
        return [{ ...result, command_guid: result.command_guid }];
      });
      timers.current.push(
        setTimeout(
          () => void queryClient.invalidateQueries({ queryKey: queryRoots.devices(orgGuid) }),
          BULK_REFRESH_MS,
        ),
      );

      await runPool(
        accepted,
        BULK_CONCURRENCY,
        async (result) => {
          await followAccepted(
            {
              deviceGuid: result.device_guid,
              signal: abort.signal,
              report: report(result.device_guid),
              sleep,
              errorText: parseErrorText,
            },
            { action: spec.action, enable, result },
            bulkFollowCalls,
          );
          void queryClient.invalidateQueries({ queryKey: queryRoots.device(orgGuid, result.device_guid) });
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
