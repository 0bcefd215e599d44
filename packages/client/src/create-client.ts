import { accountOperations } from '@ec/contract/account';
import { alertSettingsOperations, orgAlertTemplateOperations } from '@ec/contract/alert-rules';
import { alertActionCalls, alertOperations } from '@ec/contract/alerts';
import { authOperations, ssoOperations } from '@ec/contract/auth';
import { bulkActionOperations } from '@ec/contract/bulk-actions';
import { containerDirectoryOperations } from '@ec/contract/containers/directory';
import { deviceCommandOperations } from '@ec/contract/device-commands';
import { deviceDockerOperations } from '@ec/contract/device-docker';
import { deviceMetadataOperations } from '@ec/contract/device-metadata';
import { deviceUserOperations } from '@ec/contract/device-users';
import { deviceOperations } from '@ec/contract/devices';
import { entitlementOperations } from '@ec/contract/entitlements/entitlement-operations';
import { eventOperations } from '@ec/contract/events';
import { fleetTemplateOperations } from '@ec/contract/fleet-templates';
import { fleetOperations } from '@ec/contract/fleets';
import { inviteOperations } from '@ec/contract/invites';
import { metricOperations } from '@ec/contract/metrics';
import type { Operation } from '@ec/contract/operations';
import { orgOperations } from '@ec/contract/orgs';
import { outputControlOperations } from '@ec/contract/output-control';
import { patOperations } from '@ec/contract/pats';
import { platformOperations } from '@ec/contract/platform';
import { rolloutOperations } from '@ec/contract/rollouts';
import { shadowHistoryOperations } from '@ec/contract/shadow-history';
import { shadowTemplateOperations } from '@ec/contract/shadow-templates';
import { shadowOperations } from '@ec/contract/shadows';
import { userOperations } from '@ec/contract/users';
import { type AuthScheme, authHeaders } from './auth-headers.ts';
import { callOperation, type OperationAnswer, type OperationArgs, type Transport } from './transport.ts';

/** The client's namespaces: each is one of the contract's operation maps, so a new operation appears by itself. */
export const operationGroups = {
  account: accountOperations,
  alerts: alertOperations,
  alertActions: alertActionCalls,
  alertSettings: alertSettingsOperations,
  alertTemplates: orgAlertTemplateOperations,
  auth: authOperations,
  bulkActions: bulkActionOperations,
  containerDirectory: containerDirectoryOperations,
  deviceCommands: deviceCommandOperations,
  docker: deviceDockerOperations,
  deviceUsers: deviceUserOperations,
  devices: deviceOperations,
  entitlements: entitlementOperations,
  invites: inviteOperations,
  metrics: metricOperations,
  deviceMetadata: deviceMetadataOperations,
  events: eventOperations,
  fleets: fleetOperations,
  fleetTemplates: fleetTemplateOperations,
  rollouts: rolloutOperations,
  orgs: orgOperations,
  outputControl: outputControlOperations,
  pats: patOperations,
  platform: platformOperations,
  shadowHistory: shadowHistoryOperations,
  shadowTemplates: shadowTemplateOperations,
  shadows: shadowOperations,
  sso: ssoOperations,
  users: userOperations,
} satisfies Record<string, Record<string, Operation>>;

type OperationGroups = typeof operationGroups;

type Namespace<M extends Record<string, Operation>> = {
  [K in keyof M]: (...args: OperationArgs<M[K]>) => Promise<OperationAnswer<M[K]>>;
};

export type Client = { [G in keyof OperationGroups]: Namespace<OperationGroups[G]> };

export interface ClientOptions {
  /** The console's address, e.g. `https://console.example.com`. */
  baseUrl: string;
  /** A personal access token or a session's access token; without one only the sign-in calls answer. */
  token?: string;
  scheme?: AuthScheme;
  /** The organization the calls act in, sent as x-org-guid. */
  orgGuid?: string;
  /** Another fetch (a test's, a proxy's); the global one by default. */
  fetch?: typeof fetch;
}

/** Binds every operation of a map to the transport, under the operation's own name. */
const bind = (transport: Transport, operations: Record<string, Operation>) =>
  Object.fromEntries(
    Object.entries(operations).map(([name, operation]) => [
      name,
      (...args: OperationArgs<Operation>) => callOperation(transport, operation, ...args),
    ]),
  );

/**
 * A client of the console's API for scripts and tests: `client.devices.list({ query })`,
 * `client.pats.create({ body })`, each typed from the contract. A non-success answer throws ApiError.
 */
export function createClient(options: ClientOptions): Client {
  const headers = authHeaders(options);
  const transport: Transport = { baseUrl: options.baseUrl, headers: () => headers, fetch: options.fetch };
  // One runtime mapping; the types come from the operation maps themselves (Client).
  return Object.fromEntries(
    Object.entries(operationGroups).map(([group, operations]) => [group, bind(transport, operations)]),
  ) as unknown as Client;
}
