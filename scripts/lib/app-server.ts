/**
 * The real app for the browser suites and the play benchmarks: a production build (`next build`, reused while it is
 * newer than its sources) and `next start` on a free port with a private game store.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * V8 flags the app server runs with (`npm start` and every server started here). A young generation of 64 MB
 * semi-spaces instead of 16: at a thousand online games the server allocates ~150 MB a second, mostly per-request
 * objects that die within a second; in the default young generation they survive two scavenges, reach the old one
 * and bring a full mark of a ~400 MB heap (~300 ms on this machine) every 40 s (measured with `npm run load`).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const NEXT_DIR = path.join(ROOT, '.next');
const NEXT_BIN = path.join(ROOT, 'node_modules/next/dist/bin/next');

/** Newest modification time under a path (files only). */
function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), st.mtimeMs);
}

/** A production build newer than every source it is built from can be reused (`forced`: never, a rebuild is asked for). */
function buildIsFresh(forced = Boolean(process.env.POLE_E2E_REBUILD)): boolean {
  const buildId = path.join(ROOT, '.next/BUILD_ID');
  if (!existsSync(buildId) || forced) return false;
  // Everything the app imports: its own pages, the engines, the game server, the chain layer and the contract artifacts.
  const sources = [
    'app',
    'ui',
    'engine',
    'server',
    'chain',
    'contracts',
    'next.config.ts',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
  ];
  return statSync(buildId).mtimeMs > Math.max(...sources.map((s) => newestMtime(path.join(ROOT, s))));
}

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [NEXT_BIN, ...args], {
      cwd: ROOT,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`next ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

/** A port of 127.0.0.1 nobody listens on now (the OS picks it), for a server a test or bench starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilServing(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`next start did not answer on ${url}:\n${log()}`);
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Builds the app unless the build is fresh. Suites run in parallel (one process each) and share `.next`, so one
 * builds while the others wait on a lock directory (in the temp dir, named after the checkout), then reuse its build.
 */
export async function ensureBuild(): Promise<void> {
  const name = path.join(tmpdir(), `e2e-next-build-${createHash('sha256').update(ROOT).digest('hex').slice(0, 16)}`);
  const lock = `${name}.lock`;
  // POLE_E2E_REBUILD asks for one rebuild per test run (the suites of one run are workers of one Vitest process).
  const rebuiltBy = `${name}.rebuilt-by`;
  const alreadyRebuilt = () => existsSync(rebuiltBy) && readFileSync(rebuiltBy, 'utf8') === String(process.ppid);
  const forced = () => Boolean(process.env.POLE_E2E_REBUILD) && !alreadyRebuilt();
  if (buildIsFresh(forced())) return;
  const deadline = Date.now() + 600_000;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let holder = NaN;
      try {
        holder = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
      } catch {
        // the holder is still writing its pid
      }
      if (Number.isInteger(holder) && holder > 0 && !alive(holder)) {
        rmSync(lock, { recursive: true, force: true }); // left behind by a process that died
        continue;
      }
      if (Date.now() > deadline)
        throw new Error(`waited too long for another suite's next build (${lock})`, { cause: err });
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    // Another suite may have built while this one waited.
    const force = forced();
    if (!buildIsFresh(force)) {
      await run(['build']);
      if (force) writeFileSync(rebuiltBy, String(process.ppid));
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface AppServer {
  readonly baseUrl: string;
  /** The server's process id, which is also its process group's (its CPU and memory are read from /proc). */
  readonly pid: number;
  /** Everything the server printed so far. */
  readonly log: () => string;
  /** Stops the server (its whole process group) and removes its private data directory. */
  readonly stop: () => Promise<void>;
}

export interface AppServerOptions {
  /**
   * Extra environment for `next start`, over this process's: e.g. a chain (`TEZOS_NETWORK`, `TEZOS_RPC_URL`,
   * `TZKT_URL`, `POLE_FA2_CONTRACT`, `POLE_BANK_SECRET_KEY`). The private game store always wins.
   */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * A PostgreSQL URL to keep the games in instead of a private PGlite directory: several servers on one database
   * (the load generator's instances) share its games.
   */
  readonly databaseUrl?: string;
  /** A file that gets everything the server prints as well (a server shared by several test files). */
  readonly logFile?: string;
}

/**
 * Builds the app when the build is stale and starts `next start` on a free port of 127.0.0.1. The game server keeps
 * its games in a fresh PGlite directory of its own (`GAMES_DATA_DIR`, removed by `stop`), or in `databaseUrl`; never
 * in this process's DATABASE_URL.
 */
export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  await ensureBuild();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'app-games-'));
  // Every browser and script of a suite or benchmark is one client to the server's limits (server/limits/): its rates
  // and stream caps are lifted unless asked for (the limits have suites of their own).
  const unlimited = {
    POLE_RATE_CREATE: 'off',
    POLE_RATE_ACTION: 'off',
    POLE_RATE_LAB: 'off',
    POLE_RATE_SIGN_IN: 'off',
    POLE_RATE_SEAT: 'off',
    POLE_RATE_STUDIO: 'off',
    POLE_SSE_PER_CLIENT: '1000',
    POLE_BANK_TEZ_PER_DAY: 'off',
    POLE_BANK_TEZ_PER_WALLET_PER_DAY: 'off',
  };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...unlimited,
    ...options.env,
    NEXT_TELEMETRY_DISABLED: '1',
    GAMES_DATA_DIR: dataDir,
    IPFS_DATA_DIR: `${dataDir}-ipfs`,
  };
  env.NODE_OPTIONS = [...SERVER_NODE_FLAGS, env.NODE_OPTIONS ?? ''].join(' ').trim();
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  let serverLog = '';
  const server = spawn(process.execPath, [NEXT_BIN, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const logged = (d: Buffer) => {
    serverLog += d.toString();
    if (options.logFile) appendFileSync(options.logFile, d);
  };
  server.stdout?.on('data', logged);
  server.stderr?.on('data', logged);
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null && server.pid !== undefined) {
      try {
        process.kill(-server.pid, 'SIGTERM'); // the whole process group we started
      } catch {
        server.kill('SIGTERM');
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}-ipfs`, { recursive: true, force: true });
  };

  try {
    await waitUntilServing(baseUrl, server, () => serverLog);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, pid: server.pid!, log: () => serverLog, stop };
}
