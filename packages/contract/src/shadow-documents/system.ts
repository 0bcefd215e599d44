import { z } from 'zod';
import { timezoneSchema } from '../auth.ts';
import { sameValue } from './fields.ts';

/** System shadow (spec 3 §3.5): the editable config and the read-only status the device reports. */
export const XML_POLL_INTERVAL_DEFAULT = 60;

const ipv4 = z.ipv4({ error: 'Must be a valid IP address' });
const optionalIpv4 = z.union([z.literal(''), ipv4]);

export const staticNetworkSchema = z.object({
  ip_address: ipv4,
  netmask: ipv4,
  gateway: ipv4,
  dns_addresses: z.tuple([optionalIpv4, optionalIpv4]),
});

export const systemConfigSchema = z
  .object({
    device_name: z
      .string()
      .trim()
      .min(1, 'Device name is required')
      .max(64, 'Device name must be 64 characters or less'),
    ip_scheme: z.enum(['dhcp', 'static']),
    static_network: staticNetworkSchema.nullable(),
    ntp_server: z.string().trim(),
    timezone: timezoneSchema,
    xml: z.object({
      enabled: z.boolean(),
      url: z.string(),
      poll_interval: z.number().int().min(1, 'Value must be >= 1'),
      username: z.string(),
      password: z.string(),
    }),
  })
  .superRefine((config, ctx) => {
    if (config.ip_scheme === 'static' && !config.static_network) {
      ctx.addIssue({ code: 'custom', path: ['static_network'], message: 'Static settings are required' });
    }
    if (config.xml.enabled && !z.url().safeParse(config.xml.url).success) {
      ctx.addIssue({ code: 'custom', path: ['xml', 'url'], message: 'URL must be valid' });
    }
  });
export type SystemConfig = z.infer<typeof systemConfigSchema>;

/** What Outputs and System say while an XML configuration is active (spec 3 §2.1, §8). */
export const XML_ACTIVE_MESSAGE = 'These settings are currently managed by the active XML configuration.';

type SystemLike = { config?: { xml?: { enabled?: unknown } } } | null | undefined;

/** Whether a System document, as reported or as a set sends it, has its XML configuration on. */
export const xmlEnabled = (system: unknown): boolean => (system as SystemLike)?.config?.xml?.enabled === true;

/** System's settings beside its XML block, which stays the user's to change. */
function settingsOf(system: unknown): Record<string, unknown> {
  const config = (system as { config?: unknown } | null | undefined)?.config;
  if (typeof config !== 'object' || config === null) return {};
  const { xml: _, ...settings } = config as Record<string, unknown>;
  return settings;
}

/**
 * Whether a System set changes what an active XML configuration manages (spec 3 §6): it keeps XML on
 * and changes another setting. Changing only the XML block, or turning XML off, is left free.
 */
export const changesXmlManagedSettings = (set: unknown, reported: unknown): boolean =>
  xmlEnabled(set) && !sameValue(settingsOf(set), settingsOf(reported));

export const systemStatusSchema = z.object({
  mac_address: z.string(),
  net_connected: z.boolean(),
  ip_address: z.string(),
  dns_addresses: z.array(z.string()),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

export const systemShadowStateSchema = z.object({
  config: systemConfigSchema,
  status: systemStatusSchema,
});
export type SystemShadowState = z.infer<typeof systemShadowStateSchema>;
