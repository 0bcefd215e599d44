import type { DeviceCommandState } from '@ec/contract/device-command-states';
import type { InputPreviewMessage } from '@ec/contract/input-preview';
import type { CommandState } from '@ec/contract/shadows';

/**
 * What happened to a device, emitted by the device service after the change is stored (and recorded
 * in the device's events, which are the audit log). Listeners react in the same process: the live
 * channel, the alert engine; fleet status later.
 */
export type DeviceDomainEvent =
  | { type: 'device.adopted'; deviceGuid: string; orgGuid: string; actorGuid: string }
  | { type: 'device.forgotten'; deviceGuid: string; orgGuid: string; actorGuid: string; reason: string }
  | { type: 'device.connection'; deviceGuid: string; orgGuid: string | null; online: boolean }
  | { type: 'device.state'; deviceGuid: string; orgGuid: string | null }
  | {
      type: 'shadow.reported';
      deviceGuid: string;
      orgGuid: string | null;
      shadowName: string;
      version: number;
    }
  | {
      type: 'shadow.command';
      deviceGuid: string;
      orgGuid: string | null;
      commandGuid: string;
      shadowName: string;
      commandState: CommandState;
    }
  | {
      type: 'device.users';
      deviceGuid: string;
      orgGuid: string;
      actorGuid: string;
      /** Each user whose access changed: null before for a new user, null after for a removed one. */
      changes: { userGuid: string; before: number | null; after: number | null }[];
    }
  /** One input's live preview, relayed as it came and stored nowhere. */
  | { type: 'device.preview'; deviceGuid: string; orgGuid: string; preview: InputPreviewMessage }
  /** A metrics sample stored (features/metrics): the alert engine judges the metric rules on it. */
  | {
      type: 'device.metrics';
      deviceGuid: string;
      orgGuid: string;
      sampledAt: Date;
      readings: { namespace: string; metricName: string; value: number }[];
    }
  /** An alert raised, resolved, silenced, unsilenced or closed (features/alerts). */
  | {
      type: 'device.alert';
      deviceGuid: string;
      orgGuid: string;
      alertGuid: string;
      alertType: 'device' | 'other';
      change: 'raised' | 'resolved' | 'silenced' | 'unsilenced' | 'closed';
      /** When raised: the value that raised it (the alert e-mail quotes it). */
      observed?: unknown;
    }
  | {
      type: 'device.command';
      deviceGuid: string;
      orgGuid: string | null;
      commandGuid: string;
      command: string;
      state: DeviceCommandState;
    };

type Listener<T extends DeviceDomainEvent['type']> = (event: Extract<DeviceDomainEvent, { type: T }>) => void;

/** In-process, synchronous and typed: a listener that throws is logged and does not stop the others. */
export class DeviceEventBus {
  readonly #listeners = new Map<string, Set<(event: DeviceDomainEvent) => void>>();

  constructor(private readonly onListenerError: (error: unknown, event: DeviceDomainEvent) => void) {}

  on<T extends DeviceDomainEvent['type']>(type: T, listener: Listener<T>): () => void {
    const listeners = this.#listeners.get(type) ?? new Set();
    this.#listeners.set(type, listeners);
    const untyped = listener as (event: DeviceDomainEvent) => void;
    listeners.add(untyped);
    return () => listeners.delete(untyped);
  }

  emit(event: DeviceDomainEvent) {
    for (const listener of this.#listeners.get(event.type) ?? []) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error, event);
      }
    }
  }
}
