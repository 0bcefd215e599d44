import { z } from 'zod';
import { inputText, TEXT_LIMITS } from '../common.ts';
import { int, maxMessage, minMessage } from '../shadow-documents/fields.ts';

/**
 * A container manifest (spec 3 §3.7, §5, §9): how a container runs. One schema for the Create
 * Container call, the container directory's entries and the install command sent to a device.
 */
export const RESTART_POLICIES = ['on-failure', 'always'] as const;
export const PORT_PROTOCOLS = ['tcp', 'udp'] as const;
export const VOLUME_MODES = ['rw', 'ro'] as const;
export const DEVICE_MODES = ['r', 'rw', 'rwm'] as const;
export const NETWORK_MODES = ['bridge', 'host', 'container', 'none'] as const;

/** A new manifest (spec 3 §9): restart always with 5 retries, bridge network, volumes ro, devices rwm. */
export const MANIFEST_DEFAULTS = {
  restartPolicy: 'always',
  maximumRetryCount: 5,
  networkMode: 'bridge',
  volumeMode: 'ro',
  deviceMode: 'rwm',
} as const;

/** Text a manifest entry needs: '{what} is required' when absent or blank. */
export const requiredText = (what: string) =>
  inputText(TEXT_LIMITS.short, { error: `${what} is required` }).min(1, `${what} is required`);

/** A TCP or UDP port number. */
const portNumber = () => int().min(1, minMessage(1)).max(65535, maxMessage(65535));

export const containerPortSchema = z.object({
  host_port: portNumber(),
  container_port: portNumber(),
  protocol: z.enum(PORT_PROTOCOLS).default('tcp'),
});

export const containerEnvironmentSchema = z.object({
  key: requiredText('Key'),
  value: inputText(TEXT_LIMITS.opaque).default(''),
});

export const containerVolumeSchema = z.object({
  host_path: requiredText('Host path'),
  container_path: requiredText('Container path'),
  mode: z.enum(VOLUME_MODES).default(MANIFEST_DEFAULTS.volumeMode),
});

export const containerDeviceSchema = z.object({
  host_path: requiredText('Host path'),
  container_path: requiredText('Container path'),
  mode: z.enum(DEVICE_MODES).default(MANIFEST_DEFAULTS.deviceMode),
});

export const containerManifestSchema = z.object({
  restart_policy: z
    .object({
      name: z.enum(RESTART_POLICIES).default(MANIFEST_DEFAULTS.restartPolicy),
      MaximumRetryCount: int().min(0, minMessage(0)).default(MANIFEST_DEFAULTS.maximumRetryCount),
    })
    .optional(),
  ports: z.array(containerPortSchema).optional(),
  environment: z.array(containerEnvironmentSchema).optional(),
  volumes: z.array(containerVolumeSchema).optional(),
  devices: z.array(containerDeviceSchema).optional(),
  network_mode: z.enum(NETWORK_MODES).optional(),
  privileged: z.boolean().optional(),
});
export type ContainerManifest = z.infer<typeof containerManifestSchema>;
export type ContainerManifestInput = z.input<typeof containerManifestSchema>;
