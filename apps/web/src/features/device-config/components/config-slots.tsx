import type { Device } from '@ec/contract/devices';
import type { Shadow } from '@ec/contract/shadows';
import { type ComponentType, createContext, use } from 'react';
import type { useShadowCommandFlow } from '../../../lib/shadows/use-shadow-command-flow';

/** What each tab gives the controls that act on its shadow as a whole (templates, history). */
export interface ShadowActionProps {
  shadow: Shadow | null | undefined;
  flow: ReturnType<typeof useShadowCommandFlow>;
  canEdit: boolean;
}

/**
 * What the configuration tabs show that other features own. The app fills the slots in
 * (app/routes/device-config-slots.tsx), so this feature never imports those; an empty slot shows nothing.
 */
export interface ConfigSlots {
  /** Beside each tab's toolbar: the templates and the history of its shadow. */
  ShadowActions?: ComponentType<ShadowActionProps>;
  /** The live preview of an input the device has. */
  InputPreview?: ComponentType<{ device: Device; inputName: string; inputId: number }>;
}

export const ConfigSlotsContext = createContext<ConfigSlots>({});

export const useConfigSlots = () => use(ConfigSlotsContext);
