import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ProvisionedDevice } from '@ec/contract/devices';
import type { DeviceProduct } from '@ec/contract/products';
import { buildServer } from '../build.ts';

/** What the benches share: the console started as its own process, and calls to its API. */

export const root = path.resolve(import.meta.dirname, '../../..');
const admin = { email: 'bench-admin@example.com', password: 'bench-admin-password' };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
export const rssMiB = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};
/** A process's /proc stat line after its name: the line's 3rd field first. */
const statFields = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
/** CPU milliseconds a process has used so far, all its threads (user and system; Linux). */
export function serverCpuMs(pid: number) {
  const fields = statFields(pid);
  // utime and stime, the 14th and 15th fields of the line, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
/**
 * Milliseconds a process's threads have waited so far for a CPU while ready to run (Linux schedstat):
 * how much the rest of the machine holds it back. A thread that ended takes its share with it.
 */
export function cpuWaitMs(pid: number) {
  let total = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
    } catch {
      // The thread ended meanwhile.
    }
  }
  return total;
}
/** The broker's and PostgreSQL's processes of a production-stack.ts stack. */
export interface StackPids {
  brokerPid: number;
  /** The postmaster of the stack's own PostgreSQL server; absent on the machine's server. */
  postmasterPid?: number;
}
/**
 * CPU milliseconds so far of the console, the broker (when it is a process of its own), PostgreSQL (every
 * process of its server: its connections live as long as the console's pool) and the simulated devices:
 * `devicesMs` when they run in a process of their own, else this bench's.
 */
export function cpuNow(serverPid: number, stack?: StackPids, devicesMs?: number) {
  const own = process.cpuUsage();
  return {
    server: serverCpuMs(serverPid),
    broker: stack ? serverCpuMs(stack.brokerPid) : 0,
    database: stack ? postgresServerCpuMs(stack.postmasterPid) : 0,
    devices: devicesMs ?? (own.user + own.system) / 1000,
  };
}
/**
 * CPU milliseconds so far of a PostgreSQL server (the machine's unless its postmaster is named): every
 * live process, and those that ended (the console's pool closes idle connections), which the postmaster
 * counts once it has reaped them.
 */
function postgresServerCpuMs(postmasterPid?: number) {
  const all = postgresPids();
  const parentOf = (pid: number) => {
    try {
      return Number(statFields(pid)[1]);
    } catch {
      return -1; // ended meanwhile
    }
  };
  const postmaster = postmasterPid ?? all.find((pid) => !all.includes(parentOf(pid)));
  if (postmaster === undefined) return 0;
  const pids = all.filter((pid) => pid === postmaster || parentOf(pid) === postmaster);
  // cutime and cstime, the 16th and 17th fields: the CPU of the postmaster's reaped children.
  const fields = statFields(postmaster);
  return sumCpuMs(pids) + (Number(fields[13]) + Number(fields[14])) * 10;
}
/** The PostgreSQL processes of the machine; with `database`, only the connections to that database. */
function postgresPids(database?: string) {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      // A connection's title: "postgres: 15/main: user database host(port) state".
      if (database && !readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${database} `)) continue;
      pids.push(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return pids;
}
function sumCpuMs(pids: readonly number[]) {
  let total = 0;
  for (const pid of pids) {
    try {
      total += serverCpuMs(pid);
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}
/**
 * The CPU the connections to one database use from now on, counted at each `sample()` connection by
 * connection: the console's pool closes idle connections and opens new ones, so a total read at two
 * moments would lose the CPU of those that ended. What a connection used after its last sample is lost.
 */
export function databaseCpuMeter(database: string) {
  let seen = new Map(postgresPids(database).map((pid) => [pid, sumCpuMs([pid])]));
  let totalMs = 0;
  return {
    sample() {
      const now = new Map(postgresPids(database).map((pid) => [pid, sumCpuMs([pid])]));
      for (const [pid, ms] of now) totalMs += Math.max(0, ms - (seen.get(pid) ?? 0));
      seen = now;
    },
    seconds: () => (totalMs / 1000).toFixed(1),
  };
}
export function cpuSince(before: ReturnType<typeof cpuNow>, after: ReturnType<typeof cpuNow>) {
  const seconds = (key: keyof typeof before) => ((after[key] - before[key]) / 1000).toFixed(1);
  return {
    server: seconds('server'),
    broker: seconds('broker'),
    database: seconds('database'),
    devices: seconds('devices'),
  };
}

export const machineLabel = () =>
  `${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
export const setupLabel = () => {
  if (!process.env.DATABASE_URL) return 'PGlite + embedded broker';
  // production-stack.ts starts a PostgreSQL of its own unless told to use another.
  const stack = process.env.BENCH_DATABASE_URL
    ? 'PostgreSQL + external broker'
    : 'own PostgreSQL (tuning.sql) + Mosquitto';
  const threads = Number(process.env.INGEST_THREADS ?? 0);
  return threads > 0 ? `${stack}, INGEST_THREADS=${threads}` : stack;
};

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** The server as production runs it, built once per bench run (`npm run build`: plain JavaScript, no tsx). */
let built: Promise<string> | undefined;
function builtServer() {
  built ??= (async () => {
    // Inside the repository (.tmp is ignored), so that Node finds node_modules from the build.
    const outDir = path.join(root, '.tmp', 'bench-server');
    await buildServer(outDir);
    return path.join(outDir, 'main.js');
  })();
  return built;
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  // Node itself on the build, so that the measured pid is the server and its memory is production's:
  // under tsx each of its three threads held a loader and its transpiled sources (about 100 MB).
  const server = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), await builtServer()],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        MQTT_PORT: String(await freePort()),
        DATA_DIR: dataDir,
        DEMO: '1',
        DEMO_DEVICES: '0',
        DEMO_ADMIN_EMAIL: admin.email,
        DEMO_ADMIN_PASSWORD: admin.password,
        LOG_LEVEL: 'warn',
      },
    },
  );
  // A bench that fails, or is stopped (Ctrl-C, `timeout`), leaves no console behind: it would hold a
  // core for as long as it ran. A signal ends Node without its exit handlers: exit, then they run.
  process.once('exit', () => server.kill());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/v1/health`)).ok) return server;
    } catch {
      await sleep(100);
    }
  }
  throw new Error('server did not start');
}

/**
 * Starts the console (the demo admin seeded, no demo devices) in a data folder of its own, signs in as
 * the demo admin and creates an organization; `stop` ends the server and removes the folder.
 */
export async function startBenchConsole() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/v1`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ec-bench-'));
  const server = await startServer(port, dataDir);
  let token = '';
  const call = async (method: string, url: string, body?: unknown, orgGuid?: string) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        // As a browser asks: the console answers large lists brotli-compressed.
        'accept-encoding': 'gzip, deflate, br',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(orgGuid ? { 'x-org-guid': orgGuid } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (response.status >= 300)
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  // The demo admin is seeded just after the server starts listening.
  for (let attempt = 1; !token; attempt++) {
    try {
      token = (await call('POST', '/auth/sign-in', admin)).access_token;
    } catch (error) {
      if (attempt === 100) throw error;
      await sleep(100);
    }
  }
  const { org_guid: orgGuid } = await call('POST', '/orgs', { org_name: 'Bench' });

  return {
    base,
    server,
    token,
    orgGuid: orgGuid as string,
    call,
    /** Provisions `count` devices (of both products, or of `product`) and adopts them into the bench's organization. */
    async provisionDevices(count: number, product?: DeviceProduct) {
      const provisioned: { devices: ProvisionedDevice[]; mqtt_url: string } = await call(
        'POST',
        '/provisioning/devices',
        { count, product_name: product },
      );
      for (let i = 0; i < provisioned.devices.length; i += 25) {
        await Promise.all(
          provisioned.devices
            .slice(i, i + 25)
            .map((d) => call('POST', `/devices/adopt?serial_number=${d.serial_number}`, undefined, orgGuid)),
        );
      }
      return provisioned;
    },
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
