/**
 * Every URL of the console in one place (spec 1 §2.1, spec 2 §2.1). `path` is the route pattern,
 * `getHref` builds a concrete link.
 */
const withQuery = (path: string, query: Record<string, string | readonly string[] | null | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    for (const item of typeof value === 'string' ? [value] : value) search.append(key, item);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

export const DEVICE_SECTIONS = ['info', 'config', 'containers', 'users', 'licenses'] as const;
export type DeviceSection = (typeof DEVICE_SECTIONS)[number];
export const ENTITLEMENT_SECTIONS = ['capabilities', 'profiles', 'licenses'] as const;
export type EntitlementSection = (typeof ENTITLEMENT_SECTIONS)[number];
export const CONFIG_SECTIONS = ['inputs', 'encoders', 'outputs', 'system', 'alerts'] as const;
export type ConfigSection = (typeof CONFIG_SECTIONS)[number];

export const paths = {
  home: { path: '/', getHref: () => '/' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  notImplemented: { path: '/not_implemented', getHref: () => '/not_implemented' },
  backendError: { path: '/backend_error', getHref: () => '/backend_error' },
  auth: {
    root: { path: '/auth' },
    action: { path: '/auth/:action' },
    loginAlias: { path: '/login' },
    signupAlias: { path: '/signup' },
    login: {
      getHref: (redirect?: string | null, email?: string | null) =>
        withQuery('/auth/login', { redirect, email }),
    },
    signup: { getHref: (redirect?: string | null) => withQuery('/auth/signup', { redirect }) },
    organizations: {
      getHref: (redirect?: string | null) => withQuery('/auth/organizations', { redirect }),
    },
    confirm: {
      getHref: (email: string, code: string) => withQuery('/auth/confirm', { email, code }),
    },
  },
  account: { path: '/account', getHref: () => '/account' },
  orgs: {
    /** The caller's organizations, or with 'all' every organization (OrganizationManagement). */
    list: { path: '/orgs', getHref: (scope?: 'all') => withQuery('/orgs', { scope }) },
    edit: { path: '/orgs/:orgGuid', getHref: (orgGuid: string) => `/orgs/${orgGuid}` },
  },
  adminUsers: {
    list: { path: '/admin/users', getHref: () => '/admin/users' },
    edit: { path: '/admin/users/:userGuid', getHref: (userGuid: string) => `/admin/users/${userGuid}` },
  },
  adminContainers: { path: '/admin/containers', getHref: () => '/admin/containers' },
  adminDevices: { path: '/admin/devices', getHref: () => '/admin/devices' },
  fleets: {
    list: { path: '/fleets', getHref: () => '/fleets' },
    detail: {
      path: '/fleets/:fleetGuid/:section?',
      /** `section` is a tab's path (the fleet page's FLEET_TABS); none opens the first tab. */
      getHref: (fleetGuid: string, section?: string) =>
        [`/fleets/${fleetGuid}`, section].filter(Boolean).join('/'),
    },
  },
  rollouts: {
    list: { path: '/rollouts', getHref: () => '/rollouts' },
    detail: { path: '/rollouts/:rolloutGuid', getHref: (rolloutGuid: string) => `/rollouts/${rolloutGuid}` },
  },
  /** The organization's shadow templates, each rolled out from here. */
  templates: { path: '/templates', getHref: () => '/templates' },
  devices: {
    list: { path: '/devices', getHref: () => '/devices' },
    adopt: {
      path: '/devices/adopt',
      getHref: (prefill?: { serial?: string; deviceGuid?: string }) =>
        withQuery('/devices/adopt', { serial: prefill?.serial, device_guid: prefill?.deviceGuid }),
    },
    forget: {
      path: '/devices/forget',
      /** Several devices are passed as repeated serial and device_guid parameters, paired by position. */
      getHref: (devices: readonly { serial: string; deviceGuid?: string }[] = []) =>
        withQuery('/devices/forget', {
          serial: devices.map((d) => d.serial),
          device_guid: devices.every((d) => d.deviceGuid) ? devices.map((d) => d.deviceGuid as string) : null,
        }),
    },
    detail: {
      path: '/devices/:deviceGuid/:section?/:subsection?',
      getHref: (deviceGuid: string, section?: DeviceSection, subsection?: string) =>
        [`/devices/${deviceGuid}`, section, section && subsection].filter(Boolean).join('/'),
    },
  },
  search: { path: '/search', getHref: () => '/search' },
  licenses: { path: '/licenses', getHref: () => '/licenses' },
  alerts: {
    list: { path: '/alerts', getHref: () => '/alerts' },
    section: { path: '/alerts/:section', getHref: (section: 'config' | 'templates') => `/alerts/${section}` },
  },
  events: { path: '/events', getHref: () => '/events' },
  metrics: { path: '/metrics', getHref: () => '/metrics' },
  entitlements: {
    path: '/entitlements/:section/:id?',
    /** `id` is the selected profile of the profiles section (spec 3 §2.8). */
    getHref: (section: EntitlementSection = 'profiles', id?: string) =>
      id ? `/entitlements/${section}/${encodeURIComponent(id)}` : `/entitlements/${section}`,
  },
  legal: {
    path: '/legal/:document',
    getHref: (document: 'csa' | 'aup' | 'privacy') => `/legal/${document}`,
  },
  /** Served by the API server, outside the single-page app. */
  apiDocs: { getHref: () => '/v1/docs' },
} as const;
