export type ContainerConfig = Record<string, unknown>;

export const INVALID_JSON = 'Invalid JSON';

/** The configuration as the JSON view shows it. */
export const configText = (config: ContainerConfig) => JSON.stringify(config, null, 2);

/** Spec 3 §5: the JSON must parse to an object, else 'Invalid JSON' (and Save is disabled). */
export function configFromJson(text: string): { config: ContainerConfig } | { error: string } {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? { config: value as ContainerConfig }
      : { error: INVALID_JSON };
  } catch {
    return { error: INVALID_JSON };
  }
}
