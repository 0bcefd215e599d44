import { FINISHED_COMMAND_STATES } from '@ec/contract/device-command-states';
import { deviceSubscription, type LiveEvent } from '@ec/contract/live';
import WebSocket from 'ws';
import type { startBenchConsole } from './bench-console.ts';

type Call = Awaited<ReturnType<typeof startBenchConsole>>['call'];

/** How a command ended, as the live channel reports it. */
export interface CommandOutcome {
  guid: string;
  state: string;
  /** From sending it until the live channel reported it finished. */
  milliseconds: number;
  /** Of those, until the console accepted it (its HTTP answer). */
  acceptedMilliseconds: number;
}

/** The guid and state of a shadow or device command the event reports finished. */
function finishedCommandOf(event: LiveEvent): { guid: string; state: string } | undefined {
  if (event.type === 'shadow.command' && event.command_state !== 'pending')
    return { guid: event.command_guid, state: event.command_state };
  if (event.type === 'device.command' && FINISHED_COMMAND_STATES.includes(event.state))
    return { guid: event.command_guid, state: event.state };
  return undefined;
}

/**
 * A live channel following the target devices, as a device page does, and the round trip of a command
 * sent through `send` (which answers its guid) until the channel reports it finished.
 */
export async function followCommands(
  base: string,
  token: string,
  orgGuid: string,
  targets: readonly { device_guid: string }[],
) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/live`);
  // The live event may overtake the HTTP answer, so finished commands are remembered until claimed.
  const waiting = new Map<string, (state: string) => void>();
  const finishedEarly = new Map<string, string>();
  let closedAt: Date | undefined;
  socket.on('message', (data) => {
    const finished = finishedCommandOf(JSON.parse(data.toString()) as LiveEvent);
    if (!finished) return;
    const waiter = waiting.get(finished.guid);
    if (waiter) waiter(finished.state);
    else finishedEarly.set(finished.guid, finished.state);
  });
  socket.on('close', () => {
    closedAt = new Date();
  });
  await new Promise((resolve) => socket.once('open', resolve));
  const subscriptions = targets.map((device) => deviceSubscription(device.device_guid));
  socket.send(JSON.stringify({ type: 'hello', access_token: token, org_guid: orgGuid, subscriptions }));
  await new Promise((resolve) => socket.once('message', resolve));
  return {
    /** Sends a command and answers how it ended once the live channel reports it finished. */
    async roundTrip(send: () => Promise<string>): Promise<CommandOutcome> {
      const t0 = performance.now();
      const guid = await send();
      const acceptedMilliseconds = performance.now() - t0;
      const state = await new Promise<string>((resolve) => {
        const early = finishedEarly.get(guid);
        if (early !== undefined) {
          finishedEarly.delete(guid);
          return resolve(early);
        }
        waiting.set(guid, (finished) => {
          waiting.delete(guid);
          resolve(finished);
        });
      });
      return { guid, state, milliseconds: performance.now() - t0, acceptedMilliseconds };
    },
    /** When the channel closed, if it did: the commands sent after that are never reported finished. */
    closedAt: () => closedAt,
    close: () => socket.close(),
  };
}

/**
 * Sets of the System document's device name, each followed on the live channel until the device
 * answers. The version a set targets is the one the last successful set reached; after a set that did
 * not succeed, the document is read again.
 */
export function deviceNameSets(
  call: Call,
  orgGuid: string,
  commands: Awaited<ReturnType<typeof followCommands>>,
) {
  const versions = new Map<string, { version: number; state: Record<string, unknown> }>();
  /** The device's System document as last reported, or undefined while none is stored. */
  const systemOf = async (deviceGuid: string) => {
    const known = versions.get(deviceGuid);
    if (known) return known;
    const { shadows } = await call(
      'GET',
      `/devices/${deviceGuid}/shadows?shadow_names=System`,
      undefined,
      orgGuid,
    );
    const reported = shadows[0]?.reported;
    if (!reported) return undefined;
    const current = { version: reported.current_version as number, state: reported.state };
    versions.set(deviceGuid, current);
    return current;
  };
  /** Sends the set; `onSent` learns its guid as soon as the console accepted it. */
  const setDeviceName = async (deviceGuid: string, name: string, onSent?: (guid: string) => void) => {
    const current = (await systemOf(deviceGuid))!;
    const config = { ...(current.state.config as Record<string, unknown>), device_name: name };
    const outcome = await commands.roundTrip(async () => {
      const answer = await call(
        'POST',
        `/devices/${deviceGuid}/shadows/commands`,
        {
          command_type: 'set',
          commands: [{ shadow_name: 'System', target_version: current.version, state: { config } }],
        },
        orgGuid,
      );
      const guid = answer.commands[0].command_guid as string;
      onSent?.(guid);
      return guid;
    });
    if (outcome.state === 'succeeded')
      versions.set(deviceGuid, { version: current.version + 1, state: { ...current.state, config } });
    else versions.delete(deviceGuid);
    return outcome;
  };
  return { systemOf, setDeviceName };
}
