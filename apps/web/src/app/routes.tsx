import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { LEGAL_DOCUMENTS } from '../components/legal/legal-documents';
import { NotImplemented } from '../components/ui/not-implemented';
import { PageNotFound } from '../components/ui/page-not-found';
import { RequireLogin, RequireOrg } from './guards';
import { BackendErrorPage } from './routes/backend-error-page';
import { AppShell } from './shell/app-shell';
import type { RouteHandle } from './shell/use-document-title';

// Pages load on demand so the first screen stays small.
const LandingPage = lazy(() =>
  import('../features/landing/components/landing-page').then((m) => ({ default: m.LandingPage })),
);
const AuthPage = lazy(() =>
  import('../features/auth/components/auth-page').then((m) => ({ default: m.AuthPage })),
);
const OrganizationSelection = lazy(() =>
  import('./routes/organization-selection').then((m) => ({
    default: m.OrganizationSelection,
  })),
);
const DashboardPage = lazy(() =>
  import('./routes/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const DeviceListPage = lazy(() =>
  import('./routes/device-list-route').then((m) => ({ default: m.DeviceListRoute })),
);
const AdoptDevicePage = lazy(() =>
  import('../features/devices/components/adopt-device-page').then((m) => ({ default: m.AdoptDevicePage })),
);
const ForgetDevicePage = lazy(() =>
  import('../features/devices/components/forget-device-page').then((m) => ({ default: m.ForgetDevicePage })),
);
const AccountPage = lazy(() => import('./routes/account-route').then((m) => ({ default: m.AccountRoute })));
const FleetsPage = lazy(() =>
  import('../features/fleets/components/fleets-page').then((m) => ({ default: m.FleetsPage })),
);
const FleetPage = lazy(() => import('./routes/fleet-page').then((m) => ({ default: m.FleetPage })));
const DevicePage = lazy(() => import('./routes/device-page').then((m) => ({ default: m.DevicePage })));
const ProvisionedDevicesPage = lazy(() =>
  import('../features/admin-devices/components/provisioned-devices-page').then((m) => ({
    default: m.ProvisionedDevicesPage,
  })),
);

const ContainerDirectoryPage = lazy(() =>
  import('../features/container-directory/components/container-directory-page').then((m) => ({
    default: m.ContainerDirectoryPage,
  })),
);

const UsersPage = lazy(() =>
  import('../features/admin-users/components/users-page').then((m) => ({ default: m.UsersPage })),
);
const UserPage = lazy(() => import('./routes/user-page').then((m) => ({ default: m.UserPage })));

const OrganizationsPage = lazy(() =>
  import('../features/orgs/components/organizations-page').then((m) => ({ default: m.OrganizationsPage })),
);
const OrganizationPage = lazy(() =>
  import('./routes/organization-page').then((m) => ({ default: m.OrganizationPage })),
);

const AlertsPage = lazy(() =>
  import('../features/alerts/components/alerts-page').then((m) => ({ default: m.AlertsPage })),
);
const AlertTemplatesPage = lazy(() =>
  import('../features/alerts/components/alert-templates-page').then((m) => ({
    default: m.AlertTemplatesPage,
  })),
);
const AlertSettingsPage = lazy(() =>
  import('../features/alerts/components/alert-settings-page').then((m) => ({
    default: m.AlertSettingsPage,
  })),
);

const EventsPage = lazy(() =>
  import('../features/events/components/events-page').then((m) => ({ default: m.EventsPage })),
);
const MetricsExplorerPage = lazy(() =>
  import('../features/metrics/components/metrics-explorer-page').then((m) => ({
    default: m.MetricsExplorerPage,
  })),
);
const SearchPage = lazy(() =>
  import('../features/search/components/search-page').then((m) => ({ default: m.SearchPage })),
);

const ShadowTemplatesRoute = lazy(() =>
  import('./routes/shadow-templates-route').then((m) => ({ default: m.ShadowTemplatesRoute })),
);
const RolloutsPage = lazy(() =>
  import('../features/rollouts/components/rollouts-page').then((m) => ({ default: m.RolloutsPage })),
);
const RolloutPage = lazy(() =>
  import('../features/rollouts/components/rollout-page').then((m) => ({ default: m.RolloutPage })),
);

const EntitlementsPage = lazy(() =>
  import('../features/entitlements/components/entitlements-page').then((m) => ({
    default: m.EntitlementsPage,
  })),
);
const LicensesPage = lazy(() =>
  import('../features/licenses/components/licenses-page').then((m) => ({ default: m.LicensesPage })),
);

const LegalPage = lazy(() =>
  import('../features/legal/components/legal-page').then((m) => ({ default: m.LegalPage })),
);

const titled = (title: string): { handle: RouteHandle } => ({ handle: { title } });
const later = (path: string, title: string): RouteObject => ({
  path,
  element: <NotImplemented />,
  ...titled(title),
});

/** The route table of spec 1 §2.1 and spec 2 §2.1, with its guards. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { index: true, element: <LandingPage />, ...titled('Homepage') },
      later('not_implemented', 'Not Implemented'),
      { path: 'backend_error', element: <BackendErrorPage />, ...titled('Backend Error') },
      // One route per document: another name falls to 'Page Not Found', page and title alike.
      ...LEGAL_DOCUMENTS.map((document) => ({
        path: `legal/${document}`,
        element: <LegalPage document={document} />,
        ...titled('Legal Documents'),
      })),
      { path: 'auth', element: <AuthPage />, ...titled('Login') },
      { path: 'login', element: <AuthPage />, ...titled('Login') },
      { path: 'signup', element: <AuthPage />, ...titled('Create Account') },
      { path: 'auth/:action', element: <AuthPage />, ...titled('Login') },
      {
        element: <RequireLogin />,
        children: [
          {
            path: 'auth/organizations',
            element: <OrganizationSelection />,
            ...titled('Organization Select'),
          },
          { path: 'account', element: <AccountPage />, ...titled('My Account') },
          { path: 'orgs', element: <OrganizationsPage />, ...titled('Organizations') },
          { path: 'orgs/:orgGuid', element: <OrganizationPage />, ...titled('Organization') },
          { path: 'admin/users', element: <UsersPage />, ...titled('Users') },
          { path: 'admin/users/:userGuid', element: <UserPage />, ...titled('User') },
          { path: 'admin/containers', element: <ContainerDirectoryPage />, ...titled('Container Directory') },
          { path: 'admin/devices', element: <ProvisionedDevicesPage />, ...titled('Provisioned Devices') },
          { path: 'entitlements', element: <EntitlementsPage />, ...titled('Licensing & Entitlements') },
          {
            path: 'entitlements/:section/:id?',
            element: <EntitlementsPage />,
            ...titled('Licensing & Entitlements'),
          },
          // A device's calls name the device, not an organization: a person given one device and
          // no organization opens it too (its organization grants nothing to them).
          {
            path: 'devices/:deviceGuid/:section?/:subsection?',
            element: <DevicePage />,
            ...titled('Device'),
          },
          // A fleet's calls name the fleet: a user of the fleet who is a member of no organization opens
          // it too (decision 180).
          { path: 'fleets/:fleetGuid/:section?', element: <FleetPage />, ...titled('Fleet') },
          {
            element: <RequireOrg />,
            children: [
              { path: 'dashboard', element: <DashboardPage />, ...titled('Dashboard') },
              { path: 'fleets', element: <FleetsPage />, ...titled('Fleets') },
              { path: 'devices', element: <DeviceListPage />, ...titled('Devices') },
              { path: 'devices/adopt', element: <AdoptDevicePage />, ...titled('Adopt Device') },
              { path: 'devices/forget', element: <ForgetDevicePage />, ...titled('Forget Device') },
              { path: 'search', element: <SearchPage />, ...titled('Device Search') },
              { path: 'licenses', element: <LicensesPage />, ...titled('Licenses') },
              { path: 'alerts', element: <AlertsPage />, ...titled('Alerts') },
              { path: 'alerts/templates', element: <AlertTemplatesPage />, ...titled('Alert Templates') },
              { path: 'alerts/config', element: <AlertSettingsPage />, ...titled('Alert Settings') },
              { path: 'events', element: <EventsPage />, ...titled('Events') },
              { path: 'metrics', element: <MetricsExplorerPage />, ...titled('Metrics Explorer') },
              { path: 'templates', element: <ShadowTemplatesRoute />, ...titled('Shadow Templates') },
              { path: 'rollouts', element: <RolloutsPage />, ...titled('Rollouts') },
              { path: 'rollouts/:rolloutGuid', element: <RolloutPage />, ...titled('Rollout') },
            ],
          },
        ],
      },
      { path: '*', element: <PageNotFound />, ...titled('Page Not Found') },
    ],
  },
];
