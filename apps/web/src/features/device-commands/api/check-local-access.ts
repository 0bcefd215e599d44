import { useQuery } from '@tanstack/react-query';
import { deviceCommandKeys } from '../../../lib/device-commands/device-command-keys';
import type { LocalAccess } from '../logic/menu-entries';

/** The device's local API v2 (spec 2 §7: GET {device_ip}:2020/v2/system decides whether Manage Device shows). */
const LOCAL_API_PORT = 2020;
/** A device on the browser's network answers at once; anything slower counts as unreachable. */
export const LOCAL_ACCESS_TIMEOUT_MS = 3000;

const host = (ip: string) => (ip.includes(':') ? `[${ip}]` : ip);

/** The device's own address, which Manage Device opens in a new tab. */
export const localAddress = (ip: string) => `http://${host(ip)}/`;

/**
 * Whether the browser reaches the device's local API: a plain request without the console's
 * credentials or headers. The device's API sends no CORS headers, so the request is `no-cors`: its
 * answer is opaque, and that an answer came at all is what counts. Refused, unroutable, blocked by
 * the browser (a plain-http address from an https console) or slower than the timeout: unreachable.
 */
export async function checkLocalAccess(deviceIp: string): Promise<boolean> {
  try {
    await fetch(`http://${host(deviceIp)}:${LOCAL_API_PORT}/v2/system`, {
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(LOCAL_ACCESS_TIMEOUT_MS),
    });
    return true;
  } catch {
    return false;
  }
}

/** Asked when the Commands menu opens (not on every page view), remembered for a minute. */
export function useLocalAccess(deviceIp: string | null, enabled: boolean): LocalAccess {
  const query = useQuery({
    queryKey: deviceCommandKeys.localAccess(deviceIp ?? ''),
    queryFn: () => checkLocalAccess(deviceIp ?? ''),
    enabled: enabled && Boolean(deviceIp),
    staleTime: 60_000,
    retry: false,
  });
  if (!deviceIp) return 'unreachable';
  if (query.data === undefined) return 'checking';
  return query.data ? 'reachable' : 'unreachable';
}
