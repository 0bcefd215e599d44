import { z } from 'zod';

type Config = Record<string, unknown>;

/** IPv4 blocks that never route: "this network", the three documentation blocks, the reserved block. */
const UNROUTABLE_IPV4: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['192.0.2.0', 24],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['240.0.0.0', 4],
];

const ipv4Number = (address: string) =>
  address.split('.').reduce((total, part) => total * 256 + Number(part), 0);

function isUnroutableIpv4(address: string): boolean {
  const value = ipv4Number(address);
  return UNROUTABLE_IPV4.some(([block, bits]) => {
    const size = 2 ** (32 - bits);
    return Math.floor(value / size) === Math.floor(ipv4Number(block) / size);
  });
}

/**
 * Whether the simulated network reaches a destination host. Deterministic, with no network access:
 * an empty host, a name under .invalid (RFC 6761: it never resolves), an IPv4 address in an unroutable
 * block (0/8, the RFC 5737 documentation blocks 192.0.2/24, 198.51.100/24 and 203.0.113/24, 240/4) or
 * an IPv6 documentation address (2001:db8::/32) cannot be reached; every other host answers.
 */
export function isReachable(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/\.$/, '');
  if (name === '' || name === 'invalid' || name.endsWith('.invalid')) return false;
  if (z.ipv4().safeParse(name).success) return !isUnroutableIpv4(name);
  return !name.startsWith('2001:db8:') && !name.startsWith('2001:0db8:');
}

/** The host of a URL, or undefined when the text is not one. */
function hostOf(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    return new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return undefined;
  }
}

/** The provider fields that name where an output pushes to (spec 3 §3.4), in order of preference. */
const SERVICE_URL_FIELDS = ['url', 'push_url', 'primary_url', 'end_point'] as const;

function serviceHost(config: Config): string | null {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(typeof config.service_data === 'string' ? config.service_data : '');
    if (typeof parsed === 'object' && parsed !== null) data = parsed as Record<string, unknown>;
  } catch {
    // Unreadable service data names no destination.
  }
  for (const field of SERVICE_URL_FIELDS) {
    const host = hostOf(data[field]);
    if (host) return host;
  }
  // A named platform (YouTube, Facebook...) has its own ingest: only the stream key is configured.
  return config.service_name && config.service_name !== 'generic' ? null : '';
}

/**
 * The host an output sends to, by type (spec 3 §3.4); null for outputs that only listen or record
 * locally (RTSP, HTTP pull, SRT listener, file, thumbnail) or push to a platform's own ingest; an
 * empty text when a pushing output names no destination.
 */
export function destinationHost(type: unknown, config: Config): string | null {
  switch (type) {
    case 'multicast':
    case 'unicast':
    case 'zixi':
      return typeof config.destination_ip === 'string' ? config.destination_ip : '';
    case 'srt':
      if (config.call_mode === 'LISTENER') return null;
      return typeof config.destination_ip === 'string' ? config.destination_ip : '';
    case 'rtmp':
    case 'http_push':
    case 'whip':
      return serviceHost(config);
    default:
      return null;
  }
}
