#!/usr/bin/env node
// The whole test suite: unit tests, the server suite on the embedded defaults (PGlite + embedded
// broker) and on PostgreSQL + an external MQTT broker, then the browser tests. Steps that mostly wait
// (on brokers, databases and browsers) run side by side, each against its own server and database,
// and print their output when they finish. Prints each step's duration and one closing line
// "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const externalDatabase = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const requireExternal = process.env.REQUIRE_EXTERNAL_SERVICES === '1';

/** A free TCP port on 127.0.0.1. */
const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

// The external broker has device authentication: a Mosquitto of its own, started by
// scripts/start-mosquitto.sh on a free port with a temporary data dir, unless TEST_MQTT_URL names one.
let mosquittoDir;
let externalBroker = process.env.TEST_MQTT_URL;
if (!externalBroker && !spawnSync('mosquitto', ['-h']).error) {
  mosquittoDir = mkdtempSync(path.join(os.tmpdir(), 'ec-test-mosquitto-'));
  const started = spawnSync(
    path.join(root, 'scripts/start-mosquitto.sh'),
    [String(await freePort()), mosquittoDir],
    {
      encoding: 'utf8',
    },
  );
  if (started.status === 0) externalBroker = started.stdout.trim().split('\n').at(-1);
  else console.error(`scripts/start-mosquitto.sh failed:\n${started.stderr}`);
}
externalBroker ??= 'mqtt://127.0.0.1:1883';
/** Who keeps device accounts on that broker: the plugin when the URL carries the server's credentials. */
const externalDeviceAuth =
  process.env.TEST_MQTT_DEVICE_AUTH ?? (new URL(externalBroker).username ? 'plugin' : 'none');
/** The broker as printed: without its password. */
const brokerShown = externalBroker.replace(/\/\/[^@/]*@/, '//');
const stopMosquitto = () => {
  if (!mosquittoDir) return;
  try {
    process.kill(Number(readFileSync(path.join(mosquittoDir, 'mosquitto.pid'), 'utf8')));
  } catch {
    // never started, or already gone
  }
  // Mosquitto may still write its files as it stops: the removal tries again for a moment.
  rmSync(mosquittoDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
};

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
const failures = [];
const durations = [];
const slug = (step) => step.replace(/\W+/g, '-');

/** A failed test's name and the start of its error, as the JSON reports of Playwright and vitest hold them. */
function failedTests(json) {
  const found = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? [])
          if (result.status !== 'passed' && result.status !== 'skipped')
            found.push({
              title: [...titles, spec.title].join(' › '),
              message: (result.errors ?? []).map((error) => error.message ?? '').join('\n'),
            });
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of json.suites ?? []) visit(suite, [suite.title]);
  for (const file of json.testResults ?? [])
    for (const assertion of file.assertionResults ?? [])
      if (assertion.status === 'failed')
        found.push({ title: assertion.fullName, message: (assertion.failureMessages ?? []).join('\n') });
  return found;
}

/** Adds a step's counts from its JSON report (vitest or Playwright); false when there is none. */
function count(step, report) {
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    for (const failure of failedTests(json)) failures.push({ step, ...failure });
    if (json.stats) {
      totals.passed += json.stats.expected ?? 0;
      totals.failed += (json.stats.unexpected ?? 0) + (json.stats.flaky ?? 0);
      totals.skipped += json.stats.skipped ?? 0;
    } else {
      totals.passed += json.numPassedTests ?? 0;
      totals.failed += json.numFailedTests ?? 0;
      totals.skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    }
    return true;
  } catch {
    return false; // no report: the step failed before running tests
  }
}

/**
 * GNU time, where the machine has it: each step's CPU (its processes and their children: servers,
 * browsers) is printed beside its duration, the figure to balance the lanes by on a shared machine.
 */
const gnuTime = '/usr/bin/time';
const cpuMeasured = !spawnSync(gnuTime, ['-f', '', 'true']).error;

/** Minutes of CPU that GNU time wrote for a step (user + system), or undefined. */
function cpuMinutes(file) {
  try {
    const [user, system] = readFileSync(file, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
    return (user + system) / 60;
  } catch {
    return undefined;
  }
}

/** Runs one step, its output kept in a log file and printed whole once it ends. */
function run(step, command, args, { cwd = root, env = {}, report } = {}) {
  const log = path.join(reports, `${slug(step)}.log`);
  const cpuFile = path.join(reports, `${slug(step)}.cpu`);
  const output = openSync(log, 'w');
  const started = Date.now();
  const [program, programArgs] = cpuMeasured
    ? [gnuTime, ['-f', '%U %S', '-o', cpuFile, command, ...args]]
    : [command, args];
  return new Promise((resolve) => {
    const child = spawn(program, programArgs, {
      cwd,
      env: { ...process.env, FORCE_COLOR: '0', ...env },
      stdio: ['ignore', output, output],
    });
    child.on('exit', (code) => {
      closeSync(output);
      console.log(`\n=== ${step} ===`);
      process.stdout.write(readFileSync(log));
      const cpu = cpuMinutes(cpuFile);
      durations.push(
        `${step}: ${((Date.now() - started) / 60_000).toFixed(1)} min${cpu === undefined ? '' : ` (CPU ${cpu.toFixed(1)} min)`}`,
      );
      const counted = report ? count(step, report) : false;
      if (code !== 0) {
        failedSteps.push(step);
        if (!counted) totals.failed += 1;
      }
      resolve();
    });
  });
}

const vitest = (step, workspace, env = {}, args = []) => {
  const report = path.join(reports, `${slug(step)}.json`);
  return run(
    step,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${report}`, ...args],
    {
      cwd: path.join(root, workspace),
      env,
      report,
    },
  );
};

const browser = (step, env = {}, args = []) => {
  const report = path.join(reports, `${slug(step)}.json`);
  return run(
    step,
    'npx',
    // No traces in the whole suite: recording them cost about a quarter of the browser tests' CPU
    // (measured 75 against 57 CPU-seconds for two specs), and a failure still leaves its screenshot.
    // A single spec run keeps the configuration's trace on failure.
    [
      'playwright',
      'test',
      '--trace',
      'off',
      '--output',
      path.join(reports, `${slug(step)}-results`),
      ...args,
    ],
    {
      cwd: path.join(root, 'tests/browser'),
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report, EC_BROWSER_REBUILD: '0', ...env },
      report,
    },
  );
};

const external = (await reachable(externalDatabase)) && (await reachable(externalBroker));
if (!external && requireExternal) {
  console.error(`PostgreSQL (${externalDatabase}) or the MQTT broker (${brokerShown}) is not reachable`);
  failedSteps.push('external services');
  totals.failed += 1;
} else if (!external) {
  console.log(
    `\nSkipping the PostgreSQL + external broker passes: ${externalDatabase} or ${brokerShown} is not reachable.`,
  );
}
const externalEnv = {
  TEST_DATABASE_URL: externalDatabase,
  TEST_MQTT_URL: externalBroker,
  TEST_MQTT_DEVICE_AUTH: externalDeviceAuth,
};
const externalBrowserEnv = {
  EC_BROWSER_DATABASE_URL: externalDatabase,
  EC_BROWSER_MQTT_URL: externalBroker,
  MQTT_DEVICE_AUTH: externalDeviceAuth,
  // As deploy/compose.yaml runs the consoles: the devices' messages stored on a thread of their own.
  INGEST_THREADS: '1',
};

const LINK_FAULT_TESTS = 'src/device-link/link-faults.test.ts';
/**
 * The server tests run on PostgreSQL + Mosquitto as well: those whose behaviour depends on the
 * database server or the broker (device accounts and topic rules, the ingest, commands and sets
 * crossing the broker, live events between processes, jobs and leases, start-up, killed processes),
 * and the permission matrix, which calls every route once against PostgreSQL. The rest (identity,
 * organizations, queries, input limits) run the same SQL on PGlite, PostgreSQL itself, on the
 * embedded pass (decision 222).
 */
const EXTERNAL_SERVER_TESTS = [
  'src/db/priority-pool.test.ts',
  'src/device-core/',
  'src/device-link/',
  'src/startup/',
  'src/jobs/',
  'src/features/alerts/alert-engine.test.ts',
  'src/features/alerts/alerts-multi-process.test.ts',
  'src/features/bulk-actions/',
  'src/features/container-directory/',
  'src/features/device-commands/',
  'src/features/device-logs/',
  'src/features/devices/',
  'src/features/docker/',
  'src/features/entitlements/entitlements-push.test.ts',
  'src/features/live/',
  'src/features/metrics/metrics-ingest.test.ts',
  'src/features/outbox/',
  'src/features/output-control/',
  'src/features/public-api/install-html5.test.ts',
  'src/features/rollouts/',
  'src/features/shadows/',
  'test/multi-process.test.ts',
  'test/permission-matrix.test.ts',
  'test/rollout-killed.test.ts',
  'test/server-killed.test.ts',
];
// Kills and restarts a real server process against PostgreSQL + Mosquitto, which outlive it: on the
// embedded stack the database and broker die with the process, so it runs in the external pass only.
// The device accounts plugin's test starts (and restarts) a production Mosquitto of its own: once.
const EXTERNAL_ONLY_TESTS = [
  'test/server-killed.test.ts',
  'test/rollout-killed.test.ts',
  'src/device-link/device-accounts-plugin.test.ts',
  // Several processes migrating one new PostgreSQL database at once: PGlite has one process.
  'src/startup/concurrent-migrations.test.ts',
  // A pool of several connections: PGlite has one.
  'src/db/priority-pool.test.ts',
  // Ingest threads need PostgreSQL and an external broker (INGEST_THREADS).
  'src/startup/ingest-threads.test.ts',
];

// A licence's expiry is passed by moving its stored expiry, which needs the console's database
// outside its process; several console processes share one database and broker: these specs run on
// PostgreSQL + Mosquitto only.
const EXTERNAL_ONLY_SPECS = ['license-expiry', 'many-processes'];

// The accessibility sweep only reads the demo: it runs on a console of its own. Every spec runs on the
// embedded stack; on PostgreSQL + Mosquitto a representative set runs: the flows that write through the
// database and the broker (sign-up and identity, organizations and invitations, adopting, renaming and
// forgetting a device, device users). The browser-side specs (keyboard, phone, accessibility,
// preferences kept in the browser) gain nothing from another database and broker.
const REPRESENTATIVE_ON_EXTERNAL = [
  'foundation',
  'identity',
  'organizations',
  'invitations',
  'device-access',
  // Live previews cross the broker on a topic of their own, under the device accounts' ACLs.
  'input-preview',
  // Fleets write devices, users, invitations and the events of a fleet through the database.
  'fleets',
  ...EXTERNAL_ONLY_SPECS,
];
// The embedded specs are split over three consoles of their own, one per lane, so that the lanes end
// together. A browser step mostly waits (on the console, the simulated devices and the page), and so
// does the web's unit suite, so three lanes keep the two cores busy where two left them idle half the
// time (decision 221). Lane one: the unit tests, the accessibility sweep, the second console's specs;
// lane two: the server's passes, then the first console's specs; lane three: the web build, the third
// console's specs, then the representative specs on PostgreSQL + Mosquitto. Measured per lane
// (2026-11-28, whole suite, both cores busy throughout, 19.6 minutes with the checks): the first
// console's lane 17.5 (the server's passes 11.4, its specs 6.1), the second's 18.0 (web 8.0, sweep
// 6.2, its specs 3.8), the third's 16.8 (its specs 10.4, idle until the server's passes end, the
// PostgreSQL specs 5.4).
const SECOND_CONSOLE_SPECS = [
  'account',
  'container-directory',
  'dashboard',
  'device-licenses',
  'device-monitor',
  'entitlements',
  'fleet-tabs',
  'metrics-explorer',
  'rollouts',
];
/**
 * The device configuration forms, what changes a device (commands, bulk actions, updates, containers,
 * licences), and the shell's own specs: this lane waits for the server's passes before its PostgreSQL run, so it takes
 * what the first console's lane, the longest, can spare.
 */
const THIRD_CONSOLE_SPECS = [
  'bulk-actions',
  'device-commands',
  'device-config-alerts',
  'device-config-conflict',
  'device-config-encoders',
  'device-config-history',
  'device-config-offline',
  'device-config-outputs',
  'device-config-templates',
  'device-containers',
  'device-updates',
  'fleets',
  'keyboard',
  'licenses',
  'organizations',
  'phone',
  'shell',
];
const embeddedSpecs = readdirSync(path.join(root, 'tests/browser/specs'))
  .filter((file) => file.endsWith('.spec.ts') && file !== 'accessibility.spec.ts')
  .map((file) => file.replace(/\.spec\.ts$/, ''))
  .filter((spec) => !EXTERNAL_ONLY_SPECS.includes(spec));
const unknownSpecs = [...SECOND_CONSOLE_SPECS, ...THIRD_CONSOLE_SPECS].filter(
  (spec) => !embeddedSpecs.includes(spec),
);
if (unknownSpecs.length) throw new Error(`No such spec: ${unknownSpecs.join(', ')}`);
const FIRST_CONSOLE_SPECS = embeddedSpecs.filter(
  (spec) => !SECOND_CONSOLE_SPECS.includes(spec) && !THIRD_CONSOLE_SPECS.includes(spec),
);
const specFiles = (specs) => specs.map((spec) => `specs/${spec}.spec.ts`);

/** Settles once the web is built: the browser specs of every lane serve that build. */
let webBuilt;
const webBuild = new Promise((resolve) => {
  webBuilt = resolve;
});

/** Settles when the server's passes are over: the external browser pass waits for the link faults. */
let serverPassesOver;
const serverPasses = new Promise((resolve) => {
  serverPassesOver = resolve;
});

// Each lane goes from one step to the next without waiting for the others except where a step needs
// another's result (the web build, the end of the link-fault tests).
await Promise.all([
  (async () => {
    await vitest('contract', 'packages/contract');
    await vitest('client', 'packages/client');
    await vitest('simulator', 'apps/simulator');
    await vitest('web', 'apps/web');
    await webBuild;
    await browser('browser sweep (accessibility)', {}, ['specs/accessibility.spec.ts']);
    await browser(
      'browser (Chromium, PGlite + embedded broker, second console)',
      {},
      specFiles(SECOND_CONSOLE_SPECS),
    );
  })(),
  (async () => {
    await vitest(
      'server (PGlite + embedded broker)',
      'apps/server',
      {},
      EXTERNAL_ONLY_TESTS.flatMap((file) => ['--exclude', file]),
    );
    if (external) {
      // On the one shared broker every test file's server receives every device's messages, so a held
      // stream carries other files' traffic too and the timings stop being the test's own: the
      // link-fault tests run alone.
      await vitest('server (PostgreSQL + external broker)', 'apps/server', externalEnv, [
        ...EXTERNAL_SERVER_TESTS,
        '--exclude',
        LINK_FAULT_TESTS,
        // It stops a server of its own on the embedded defaults: once, in the embedded pass.
        '--exclude',
        'src/startup/graceful-shutdown.test.ts',
      ]);
      await vitest('server link faults (PostgreSQL + external broker)', 'apps/server', externalEnv, [
        LINK_FAULT_TESTS,
      ]);
    }
    serverPassesOver();
    await webBuild;
    await browser('browser (Chromium, PGlite + embedded broker)', {}, specFiles(FIRST_CONSOLE_SPECS));
  })(),
  (async () => {
    await run('web build for the browser tests', 'npm', ['run', 'build', '-w', '@ec/web']);
    webBuilt();
    await browser(
      'browser (Chromium, PGlite + embedded broker, third console)',
      {},
      specFiles(THIRD_CONSOLE_SPECS),
    );
    if (external) {
      // The link-fault tests hold and cut the server's connection to the shared broker with a proxy:
      // they run with no other traffic on it, so this pass starts after them.
      await serverPasses;
      await browser(
        'browser (Chromium, PostgreSQL + external broker)',
        externalBrowserEnv,
        specFiles(REPRESENTATIVE_ON_EXTERNAL),
      );
    }
  })(),
]);

stopMosquitto();
// Repeated at the end, where a log cut to its last lines still shows why each test failed.
for (const failure of failures) {
  const message = failure.message.split('\n').slice(0, 25).join('\n');
  console.log(`\n✘ ${failure.step}: ${failure.title}\n${message}`);
}
console.log(`\n${durations.join('\n')}`);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failedSteps.length ? 1 : 0);
