import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { LEGAL_DOCUMENTS } from '../components/legal/legal-documents';
import { NotImplemented } from '../components/ui/not-implemented';
import { PageNotFound } from '../components/ui/page-not-found';
import { RequireLogin, RequireOrg } from './guards';
import { lazyPage } from './lazy-page';
import { BackendErrorPage } from './routes/backend-error-page';
import { AppShell } from './shell/app-shell';
import type { RouteHandle } from './shell/use-document-title';

// Pages load on demand so the first screen stays small; a signed-in page can start loading at start-up
// (lazy-page.ts), the public ones load as they render, behind the first paint.
const LandingPage = lazy(() =>
  import('../features/landing/components/landing-page').then((m) => ({ default: m.LandingPage })),
);
const AuthPage = lazy(() =>
  import('../features/auth/components/auth-page').then((m) => ({ default: m.AuthPage })),
);
const OrganizationSelection = lazyPage(
  () => import('./routes/organization-selection'),
  (m) => m.OrganizationSelection,
);
const DashboardPage = lazyPage(
  () => import('./routes/dashboard-page'),
  (m) => m.DashboardPage,
  () => import('./routes/dashboard-prefetch'),
);
const DeviceListPage = lazyPage(
  () => import('./routes/device-list-route'),
  (m) => m.DeviceListRoute,
  () => import('./routes/device-list-prefetch'),
);
const AdoptDevicePage = lazyPage(
  () => import('../features/devices/components/adopt-device-page'),
  (m) => m.AdoptDevicePage,
);
const ForgetDevicePage = lazyPage(
  () => import('../features/devices/components/forget-device-page'),
  (m) => m.ForgetDevicePage,
);
const AccountPage = lazyPage(
  () => import('./routes/account-route'),
  (m) => m.AccountRoute,
);
const FleetsPage = lazyPage(
  () => import('../features/fleets/components/fleets-page'),
  (m) => m.FleetsPage,
);
const FleetPage = lazyPage(
  () => import('./routes/fleet-page'),
  (m) => m.FleetPage,
);
const DevicePage = lazyPage(
  () => import('./routes/device-page'),
  (m) => m.DevicePage,
);
const ProvisionedDevicesPage = lazyPage(
  () => import('../features/admin-devices/components/provisioned-devices-page'),
  (m) => m.ProvisionedDevicesPage,
);

const ContainerDirectoryPage = lazyPage(
  () => import('../features/container-directory/components/container-directory-page'),
  (m) => m.ContainerDirectoryPage,
);

const UsersPage = lazyPage(
  () => import('../features/admin-users/components/users-page'),
  (m) => m.UsersPage,
);
const UserPage = lazyPage(
  () => import('./routes/user-page'),
  (m) => m.UserPage,
);

const OrganizationsPage = lazyPage(
  () => import('../features/orgs/components/organizations-page'),
  (m) => m.OrganizationsPage,
);
const OrganizationPage = lazyPage(
  () => import('./routes/organization-page'),
  (m) => m.OrganizationPage,
);

const AlertsPage = lazyPage(
  () => import('../features/alerts/components/alerts-page'),
  (m) => m.AlertsPage,
);
const AlertTemplatesPage = lazyPage(
  () => import('../features/alerts/components/alert-templates-page'),
  (m) => m.AlertTemplatesPage,
);
const AlertSettingsPage = lazyPage(
  () => import('../features/alerts/components/alert-settings-page'),
  (m) => m.AlertSettingsPage,
);

const EventsPage = lazyPage(
  () => import('../features/events/components/events-page'),
  (m) => m.EventsPage,
);
const MetricsExplorerPage = lazyPage(
  () => import('../features/metrics/components/metrics-explorer-page'),
  (m) => m.MetricsExplorerPage,
);
const SearchPage = lazyPage(
  () => import('../features/search/components/search-page'),
  (m) => m.SearchPage,
);

const ShadowTemplatesRoute = lazyPage(
  () => import('./routes/shadow-templates-route'),
  (m) => m.ShadowTemplatesRoute,
);
const RolloutsPage = lazyPage(
  () => import('../features/rollouts/components/rollouts-page'),
  (m) => m.RolloutsPage,
);
const RolloutPage = lazyPage(
  () => import('../features/rollouts/components/rollout-page'),
  (m) => m.RolloutPage,
);

const EntitlementsPage = lazyPage(
  () => import('../features/entitlements/components/entitlements-page'),
  (m) => m.EntitlementsPage,
);
const LicensesPage = lazyPage(
  () => import('../features/licenses/components/licenses-page'),
  (m) => m.LicensesPage,
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
