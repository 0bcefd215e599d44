import type { UseFormReturn } from 'react-hook-form';
import type { Choice } from '../../../lib/shadows/choices';
import type { EncodersFormValues } from '../../../lib/shadows/encoders-drafts';
import type { InputOption } from '../../../lib/shadows/inputs-drafts';
import type { DeviceConfigContext } from '../hooks/use-device-config-context';

/** What each encoder form gets: its place in the list and what its choices depend on. */
export interface EncoderFieldsProps {
  form: UseFormReturn<EncodersFormValues, DeviceConfigContext['validation']>;
  index: number;
  editable: boolean;
  /** Not created on the device yet. */
  isNew: boolean;
  /** The device creates and removes encoders (spec 3 §9). */
  dynamic: boolean;
  device: DeviceConfigContext['device'];
  entitlements: DeviceConfigContext['entitlements'];
  inputs: readonly InputOption[];
  /** The video encoders the device has (for a sync group) and its sync groups (for a video encoder). */
  videoEncoders: readonly Choice[];
  syncGroups: readonly Choice[];
}

/** The config path of the encoder at `index`. */
export const configPath = (index: number) => `encoders.${index}.config` as const;
