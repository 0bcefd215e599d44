// Each wall of scripts/check-boundaries.mjs refuses a planted violation and lets the allowed imports pass.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findViolations } from './check-boundaries.mjs';

const check = (files) => findViolations(new Map(Object.entries(files)));

test('a server floor never imports a floor above it', () => {
  const violations = check({
    'apps/server/src/device-link/device-link.ts':
      "import { devicesRepository } from '../features/devices/x.ts';",
    'apps/server/src/shared/device-errors.ts':
      "import type { DeviceLink } from '../device-link/device-link.ts';",
    'apps/server/src/device-core/ingest.ts':
      "import {\n  metrics,\n} from '../features/metrics/metrics.service.ts';",
    'apps/server/src/db/database.ts': "export { x } from '../device-core/y.ts';",
    'apps/server/src/features/live/live.routes.ts': "import { buildApp } from '../../app.ts';",
  });
  assert.equal(violations.length, 5);
  assert.match(violations[0], /device-link\.ts:1 .* device link floor never imports the features floor/);
  assert.match(
    violations[2],
    /ingest\.ts:3 imports apps\/server\/src\/features\/metrics\/metrics\.service\.ts/,
  );
  assert.match(violations[4], /features floor never imports the app floor/);
});

test('a server floor imports its own floor and those below; tests may compose anything', () => {
  assert.deepEqual(
    check({
      'apps/server/src/main.ts': "import { startDeviceCore } from './device-core/start-device-core.ts';",
      'apps/server/src/features/shadows/shadows.routes.ts':
        "import { x } from '../../device-core/shadows/shadow.service.ts';\nimport { y } from '../orgs/org-scope.ts';",
      'apps/server/src/device-core/ingest.ts':
        "import type { DeviceLink } from '../device-link/device-link.ts';",
      'apps/server/src/device-link/device-link.ts':
        "import { DeviceLinkUnavailableError } from '../shared/device-errors.ts';",
      'apps/server/src/shared/secrets.ts': "import { ApiError } from '../http/api-error.ts';",
      'apps/server/src/device-link/link-faults.test.ts':
        "import { createTestApp } from '../compose-server.ts';",
    }),
    [],
  );
});

test('a feature never imports a device-core repository, except in its tests', () => {
  const violations = check({
    'apps/server/src/features/invites/invites.service.ts':
      "import { deviceUsersRepository } from '../../device-core/device-users/device-users.repository.ts';",
    'apps/server/src/features/devices/device.presenter.ts':
      "import type { DeviceRow } from '../../device-core/devices/devices.repository.ts';",
    'apps/server/src/features/devices/device-access.ts':
      "import { devicesReads } from '../../device-core/devices/devices.reads.ts';\nimport type { DeviceService } from '../../device-core/devices/device.service.ts';",
    'apps/server/src/features/events/events.test.ts':
      "import { eventsRepository } from '../../device-core/events/events.repository.ts';",
    'apps/server/src/device-core/devices/device.service.ts':
      "import { eventsRepository } from '../events/events.repository.ts';",
    'apps/server/src/jobs/start-jobs.ts': "import { x } from '../device-core/shadows/shadows.repository.ts';",
  });
  assert.equal(violations.length, 2);
  assert.match(violations[0], /invites\.service\.ts:1 .* a feature never imports a device-core repository/);
  assert.match(
    violations[1],
    /device\.presenter\.ts:1 imports apps\/server\/src\/device-core\/devices\/devices\.repository\.ts/,
  );
});

test('a route never imports a repository or reads, of its feature or any other', () => {
  const violations = check({
    'apps/server/src/features/orgs/orgs.routes.ts':
      "import { orgsRepository } from './orgs.repository.ts';\nimport { requireOrgAccess } from './org-scope.ts';",
    'apps/server/src/features/live/live.routes.ts':
      "import type { UserRow } from '../auth/users.repository.ts';",
    'apps/server/src/features/events/events.routes.ts':
      "import { eventsReads } from '../../device-core/events/events.reads.ts';",
    'apps/server/src/features/orgs/orgs.service.ts': "import { orgsRepository } from './orgs.repository.ts';",
    'apps/server/src/features/orgs/orgs.presenter.ts': "import type { OrgRow } from './orgs.repository.ts';",
  });
  assert.equal(violations.length, 3);
  assert.match(violations[0], /orgs\.routes\.ts:1 .* a route never imports a repository or reads/);
  assert.match(
    violations[1],
    /live\.routes\.ts:1 imports apps\/server\/src\/features\/auth\/users\.repository\.ts/,
  );
  assert.match(violations[2], /events\.routes\.ts:1 .* calls its feature's service/);
});

test('a web feature never imports another feature, in its tests neither', () => {
  const violations = check({
    'apps/web/src/features/shadow-history/logic/restore.ts':
      "import { drafts } from '../../device-config/logic/drafts.ts';",
    'apps/web/src/features/dashboard/components/x.test.tsx':
      "const m = await import('../../alerts/testing/fixtures');",
    'apps/web/src/features/devices/pages/list.tsx':
      "import { DataTable } from '../../../components/ui/data-table/data-table';\nimport { useDevice } from '../api/get-device';",
    'apps/web/src/app/routes.tsx': "import { DevicePage } from '../features/devices/pages/device-page';",
  });
  assert.equal(violations.length, 2);
  assert.match(
    violations[0],
    /web feature 'shadow-history' never imports another feature \('device-config'\)/,
  );
  assert.match(violations[1], /'dashboard' never imports another feature \('alerts'\)/);
});
