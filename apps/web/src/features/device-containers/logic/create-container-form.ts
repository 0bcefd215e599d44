import {
  MANIFEST_DEFAULTS,
  type NETWORK_MODES,
  type RESTART_POLICIES,
} from '@ec/contract/containers/manifest';
import { type CreateContainerBody, createContainerBodySchema } from '@ec/contract/device-docker';

/** One row of a list the Create Container dialog edits, as typed (numbers too). */
export type ListRow = Record<string, string>;

export interface CreateContainerDraft {
  name: string;
  image_id: string;
  restart_policy: (typeof RESTART_POLICIES)[number];
  retries: string;
  network_mode: '' | (typeof NETWORK_MODES)[number];
  privileged: boolean;
  ports: ListRow[];
  environment: ListRow[];
  volumes: ListRow[];
  devices: ListRow[];
}

export const emptyDraft = (): CreateContainerDraft => ({
  name: '',
  image_id: '',
  restart_policy: MANIFEST_DEFAULTS.restartPolicy,
  retries: String(MANIFEST_DEFAULTS.maximumRetryCount),
  network_mode: '',
  privileged: false,
  ports: [],
  environment: [],
  volumes: [],
  devices: [],
});

/** A new row of each list, with the manifest's defaults (spec 3 §9). */
export const NEW_ROWS = {
  ports: { host_port: '', container_port: '', protocol: 'tcp' },
  environment: { key: '', value: '' },
  volumes: { host_path: '', container_path: '', mode: MANIFEST_DEFAULTS.volumeMode },
  devices: { host_path: '', container_path: '', mode: MANIFEST_DEFAULTS.deviceMode },
} as const;

const number = (text: string | undefined) => (text?.trim() ? Number(text) : undefined);

/**
 * The body the dialog sends (spec 3 §4.5): network mode, privileged and ports only when set; the
 * restart policy always retries for ever (0). Judged by the call's own schema: each message by field.
 */
export function createContainerRequest(
  draft: CreateContainerDraft,
): { body: CreateContainerBody } | { errors: Map<string, string> } {
  const body: CreateContainerBody = {
    name: draft.name.trim(),
    image_id: draft.image_id,
    restart_policy: {
      name: draft.restart_policy,
      MaximumRetryCount: draft.restart_policy === 'always' ? 0 : (number(draft.retries) ?? 0),
    },
    ...(draft.network_mode ? { network_mode: draft.network_mode } : {}),
    ...(draft.privileged ? { privileged: true } : {}),
    ...(draft.ports.length
      ? {
          ports: draft.ports.map((row) => ({
            host_port: number(row.host_port) as number,
            container_port: number(row.container_port) as number,
            protocol: row.protocol as 'tcp' | 'udp',
          })),
        }
      : {}),
    environment: draft.environment.map((row) => ({ key: row.key ?? '', value: row.value ?? '' })),
    volumes: draft.volumes.map((row) => ({
      host_path: row.host_path ?? '',
      container_path: row.container_path ?? '',
      mode: row.mode as 'rw' | 'ro',
    })),
    devices: draft.devices.map((row) => ({
      host_path: row.host_path ?? '',
      container_path: row.container_path ?? '',
      mode: row.mode as 'r' | 'rw' | 'rwm',
    })),
  };
  const parsed = createContainerBodySchema.safeParse(body);
  if (parsed.success) return { body };
  return { errors: new Map(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])) };
}
