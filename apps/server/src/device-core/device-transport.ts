import type { DeviceCommandMessage } from '@ec/contract/device-commands';
import type { EntitlementsMessage, ShadowCommandMessage } from '@ec/contract/device-link';

/** How the device core's services reach devices: the device link, or a stand-in in tests. */
export interface DeviceTransport {
  isConnected(): boolean;
  /** Both fail with DeviceLinkUnavailableError when the broker cannot take the message. */
  sendShadowCommand(deviceGuid: string, message: ShadowCommandMessage): Promise<void>;
  sendDeviceCommand(deviceGuid: string, message: DeviceCommandMessage): Promise<void>;
  /** Retained, so the device finds it whenever it subscribes. */
  sendEntitlements(deviceGuid: string, message: EntitlementsMessage): Promise<void>;
}
