import { SHADOW_COMPARE_IGNORED_KEYS } from './shadow-registry.ts';

/** What a caller who may not edit a device reads in place of a secret that is set. */
export const SECRET_MASK = '********';

const SECRET_KEYS: ReadonlySet<string> = new Set(SHADOW_COMPARE_IGNORED_KEYS);

/**
 * A shadow document (or a command's requested state or answer) as a caller who may not edit the
 * device reads it: every secret the device keeps (password, passphrase, sftp_key, service_data,
 * encryption_key, at any depth) that is set reads SECRET_MASK; an empty or absent one stays as it is,
 * so the reader still sees whether it is set.
 */
export function maskShadowSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => maskShadowSecrets(item)) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      SECRET_KEYS.has(key) && inner !== '' && inner !== null && inner !== undefined
        ? SECRET_MASK
        : maskShadowSecrets(inner),
    ]),
  ) as T;
}
