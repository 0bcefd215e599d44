#!/usr/bin/env node
// The whole test suite: unit tests, the server suite on the embedded defaults (PGlite + embedded
// broker) and on PostgreSQL + an external MQTT broker, then the browser tests. Prints one closing
// line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const externalDatabase = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const externalBroker = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const requireExternal = process.env.REQUIRE_EXTERNAL_SERVICES === '1';

const reachable = (url) =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect({ host: hostname, port: Number(port) }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
  });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(step, command, args, { cwd = root, env = {}, report } = {}) {
  console.log(`\n=== ${step} ===`);
  const result = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
  let counted = false;
  if (report) {
    try {
      const json = JSON.parse(readFileSync(report, 'utf8'));
      if (json.stats) {
        totals.passed += json.stats.expected ?? 0;
        totals.failed += (json.stats.unexpected ?? 0) + (json.stats.flaky ?? 0);
        totals.skipped += json.stats.skipped ?? 0;
      } else {
        totals.passed += json.numPassedTests ?? 0;
        totals.failed += json.numFailedTests ?? 0;
        totals.skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
      }
      counted = true;
    } catch {
      // no report: the step failed before running tests
    }
  }
  if (result.status !== 0) {
    failedSteps.push(step);
    if (!counted) totals.failed += 1;
  }
}

const vitest = (step, workspace, env = {}) => {
  const report = path.join(reports, `${step.replace(/\W+/g, '-')}.json`);
  run(step, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${report}`], {
    cwd: path.join(root, workspace),
    env,
    report,
  });
};

vitest('contract', 'packages/contract');
vitest('simulator', 'apps/simulator');
vitest('web', 'apps/web');
vitest('server (PGlite + embedded broker)', 'apps/server');

const external = (await reachable(externalDatabase)) && (await reachable(externalBroker));
if (external) {
  vitest('server (PostgreSQL + external broker)', 'apps/server', {
    TEST_DATABASE_URL: externalDatabase,
    TEST_MQTT_URL: externalBroker,
  });
} else if (requireExternal) {
  console.error(`PostgreSQL (${externalDatabase}) or the MQTT broker (${externalBroker}) is not reachable`);
  failedSteps.push('external services');
  totals.failed += 1;
} else {
  console.log(
    `\nSkipping the PostgreSQL + external broker pass: ${externalDatabase} or ${externalBroker} is not reachable.`,
  );
}

const browser = (step, env = {}, args = []) => {
  const report = path.join(reports, `${step.replace(/\W+/g, '-')}.json`);
  run(step, 'npx', ['playwright', 'test', ...args], {
    cwd: path.join(root, 'tests/browser'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report, ...env },
    report,
  });
};

browser('browser (Chromium, PGlite + embedded broker)');
if (external) {
  // Tests of the browser side alone (keyboard, phone layout, accessibility, preferences kept in the
  // browser) gain nothing from another database and broker: they are tagged @embedded-only and run on
  // the first pass only.
  browser(
    'browser (Chromium, PostgreSQL + external broker)',
    {
      EC_BROWSER_DATABASE_URL: externalDatabase,
      EC_BROWSER_MQTT_URL: externalBroker,
      EC_BROWSER_REBUILD: '0',
    },
    ['--grep-invert', '@embedded-only'],
  );
}

console.log('');
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failedSteps.length ? 1 : 0);
