import { paths } from '../config/paths';

/**
 * Where a finished sign-in goes (spec 1 §4.1 item 6): the redirect query target unless it contains
 * 'auth', otherwise the dashboard. Only same-origin paths are followed.
 */
export function redirectTarget(redirect: string | null | undefined): string {
  if (!redirect || redirect.includes('auth')) return paths.dashboard.getHref();
  if (!redirect.startsWith('/') || redirect.startsWith('//')) return paths.dashboard.getHref();
  return redirect;
}
