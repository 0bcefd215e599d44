import { ConfigTab } from '../../features/device-config/components/config-tab';
import { deviceConfigSlots } from './device-config-slots';

/**
 * The device page's Config tab with what other features show in it: a module of its own, so the
 * configuration forms, templates, rollouts and history load only when the tab is opened.
 */
export function DeviceConfigSection(props: {
  deviceGuid: string;
  subsection: string | undefined;
  online: boolean;
  canEdit: boolean;
  withUtc: boolean;
}) {
  return <ConfigTab {...props} slots={deviceConfigSlots} />;
}
