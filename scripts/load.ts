/**
 * `npm run load` (issue 22): how many online games one app instance, or several on one PostgreSQL, hold before the
 * people at them wait. Starts the instances itself (a production build, on loopback), grows the load step by step —
 * N concurrent 4-seat online games of scripted people, every seat's event stream open, each person acting on their
 * turn after a think time, the tables chatting — and prints one line per step: actions/s, the other seats' waits
 * (p50/p95/p99), errors, each instance's CPU and memory, CPU ms per action. Bounded: at most 3,000 games and 30
 * minutes; loopback only.
 */
import type { GameId } from '../engine/core';
import { choiceFlag, intFlag, parseFlags } from './lib/args';
import { runCli, UsageError } from './lib/cli';
import { formatTable, num } from './lib/table';
import { startInstances, type StoreChoice } from './load/instances';
import { LoadRun, type Instance, type StepReport } from './load/run';

const USAGE = `usage: npm run load -- [--store pglite|postgres] [--instances 1|2|3] [--steps N,N,…] [--warmup S] [--window S]
                     [--think MIN-MAX] [--chat S] [--turn-seconds S|off] [--games pole,gotopoly,ten] [--json]
                     [--database-url URL] [--url http://127.0.0.1:PORT,…] [--keep-going] [--cpu-prof DIR]

  --store         pglite (one instance, its own data directory) or postgres (a database made for the run on
                  --database-url's server, dropped after it; default $TEST_DATABASE_URL or the test database)
  --instances     app instances (next start, each on its own port) on that store; postgres only above 1 (default 1)
  --steps         concurrent games at each step, rising (default 100,250,500,1000), at most 3000
  --warmup        seconds after reaching a step before measuring (default 10)
  --window        seconds measured at each step (default 30)
  --think         a person's pause before acting, uniform in MIN-MAX ms (default 2000-6000)
  --chat          mean seconds between two chat posts at a table (default 20; 0: nobody chats)
  --turn-seconds  the tables' turn timer (default 90; off: none)
  --games         the games played, in turn (default pole,gotopoly,ten)
  --url           drive running app instances instead (loopback addresses only; no CPU or memory figures)
  --keep-going    measure every step even after one fails (default: stop at the first step over p99 100 ms or with an error)
  --cpu-prof      write each instance's V8 CPU profile into DIR when it stops (open it in Chrome's DevTools)
  --json          print the steps as JSON
`;

const P99_GOAL_MS = 100;
const MAX_GAMES = 3000;
const MAX_MINUTES = 30;
const DEFAULT_DATABASE = 'postgres://tezospole:tezospole@127.0.0.1:5432/tezospole_test';

function stepsFlag(text: string | undefined): number[] {
  if (text === undefined) return [100, 250, 500, 1000];
  const steps = text.split(',').map((s) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : NaN));
  if (steps.some((n) => !(n >= 1 && n <= MAX_GAMES)) || steps.some((n, i) => i > 0 && n <= steps[i - 1]!)) {
    throw new UsageError(`--steps must be rising whole numbers from 1 to ${MAX_GAMES}, not "${text}"`);
  }
  return steps;
}

function thinkFlag(text: string | undefined): [number, number] {
  if (text === undefined) return [2000, 6000];
  const m = /^(\d{1,6})-(\d{1,6})$/.exec(text);
  if (!m || Number(m[1]) > Number(m[2])) throw new UsageError(`--think must be MIN-MAX milliseconds (e.g. 2000-6000), not "${text}"`);
  return [Number(m[1]), Number(m[2])];
}

function gamesFlag(text: string | undefined): GameId[] {
  if (text === undefined) return ['pole', 'gotopoly', 'ten'];
  const games = text.split(',').map((g) => g.trim());
  for (const g of games) if (!['pole', 'gotopoly', 'ten'].includes(g)) throw new UsageError(`--games takes pole, gotopoly and ten, not "${g}"`);
  return games as GameId[];
}

/** Running instances on loopback only: the generator is a measuring tool, not a way to flood someone's server. */
function urlsFlag(text: string): Instance[] {
  return text.split(',').map((raw) => {
    let url: URL;
    try {
      url = new URL(raw.trim());
    } catch {
      throw new UsageError(`--url takes http://127.0.0.1:PORT addresses, not "${raw}"`);
    }
    if (url.protocol !== 'http:' || !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) throw new UsageError(`--url must be a loopback http address (127.0.0.1, localhost, [::1]), not "${raw}"`);
    return { baseUrl: url.origin, pgid: null };
  });
}

const ms = (v: number) => num(v, v < 10 ? 1 : 0);

function printSteps(label: string, steps: readonly StepReport[]): string {
  const instances = steps[0]?.instances.length ?? 0;
  const columns = [
    { header: 'games', align: 'right' as const, cell: (s: StepReport) => num(s.games) },
    { header: 'streams', align: 'right' as const, cell: (s: StepReport) => num(s.streams) },
    { header: 'actions/s', align: 'right' as const, cell: (s: StepReport) => num(s.actionsPerSecond, 1) },
    { header: 'p50 ms', align: 'right' as const, cell: (s: StepReport) => ms(s.p50) },
    { header: 'p95 ms', align: 'right' as const, cell: (s: StepReport) => ms(s.p95) },
    { header: 'p99 ms', align: 'right' as const, cell: (s: StepReport) => ms(s.p99) },
    { header: 'errors', align: 'right' as const, cell: (s: StepReport) => num(s.errors) },
    { header: 'stale', align: 'right' as const, cell: (s: StepReport) => num(s.stale) },
    ...Array.from({ length: instances }, (_, i) => ({
      header: instances === 1 ? 'server CPU · RSS' : `#${i + 1} CPU · RSS`,
      align: 'right' as const,
      cell: (s: StepReport) => (s.instances[i]!.cores === null ? '-' : `${num(s.instances[i]!.cores, 2)} · ${num(s.instances[i]!.rssMb)} MB`),
    })),
    { header: 'CPU ms/action', align: 'right' as const, cell: (s: StepReport) => num(s.cpuMsPerAction, 2) },
    { header: 'PostgreSQL CPU', align: 'right' as const, cell: (s: StepReport) => num(s.databaseCores, 2) },
    { header: 'load CPU · lag p99', align: 'right' as const, cell: (s: StepReport) => `${num(s.loadCores, 2)} · ${ms(s.loadLagP99)} ms` },
  ];
  return `${label}\n${formatTable(columns, steps)}`;
}

await runCli('load', USAGE, async () => {
  const flags = parseFlags(process.argv.slice(2), {
    store: 'string',
    instances: 'string',
    steps: 'string',
    warmup: 'string',
    window: 'string',
    think: 'string',
    chat: 'string',
    'turn-seconds': 'string',
    games: 'string',
    url: 'string',
    'database-url': 'string',
    'keep-going': 'boolean',
    'cpu-prof': 'string',
    json: 'boolean',
  } as const);
  const store = choiceFlag<StoreChoice>('store', flags.store, 'pglite', ['pglite', 'postgres']);
  const count = intFlag('instances', flags.instances, 1, 1, 3);
  const steps = stepsFlag(flags.steps);
  const warmup = intFlag('warmup', flags.warmup, 10, 0, 300);
  const window = intFlag('window', flags.window, 30, 5, 600);
  const turn = flags['turn-seconds'] === 'off' ? null : intFlag('turn-seconds', flags['turn-seconds'], 90, 5, 3600);
  if (store === 'pglite' && count > 1) throw new UsageError('several instances share one database: use --store postgres');
  const budget = steps.length * (warmup + window) + steps[steps.length - 1]! / 20;
  if (budget > MAX_MINUTES * 60) throw new UsageError(`these steps would run about ${Math.round(budget / 60)} minutes: at most ${MAX_MINUTES}`);

  // Every flag is read before any server starts: a typo must not leave instances running behind a usage error.
  const games = gamesFlag(flags.games);
  const thinkMs = thinkFlag(flags.think);
  const chatEveryMs = intFlag('chat', flags.chat, 20, 0, 3600) * 1000;
  const running = flags.url ? urlsFlag(flags.url) : null;

  const started = running ? null : await startInstances(store, count, { databaseUrl: flags['database-url'] ?? process.env.TEST_DATABASE_URL ?? DEFAULT_DATABASE, streams: steps[steps.length - 1]! * 4, cpuProfileDir: flags['cpu-prof'] });
  const instances = running ?? started!.instances;
  const label = running ? `${instances.length} running instance(s)` : `${count} instance(s) on ${store === 'pglite' ? 'PGlite' : 'PostgreSQL'}`;
  const run = new LoadRun({
    instances,
    games,
    thinkMs,
    chatEveryMs,
    turnSeconds: turn,
    // A database this run started is the machine's PostgreSQL: its CPU is the other half of the cost.
    ...(store === 'postgres' && !running ? { database: 'postgres' } : {}),
  });
  const reports: StepReport[] = [];
  const stopAll = async () => {
    run.stop();
    await started?.stop();
  };
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    for (const n of steps) {
      await run.grow(n);
      await new Promise((r) => setTimeout(r, warmup * 1000));
      const report = await run.measure(window);
      reports.push(report);
      if (!flags.json) process.stderr.write(`${n} games: p99 ${ms(report.p99)} ms, ${report.errors} errors${report.firstErrors.length ? ` (${report.firstErrors[0]})` : ''}\n`);
      if (!flags['keep-going'] && (report.p99 > P99_GOAL_MS || report.errors > 0)) break;
    }
  } finally {
    await stopAll();
  }
  if (flags.json) {
    process.stdout.write(`${JSON.stringify({ label, steps: reports }, null, 2)}\n`);
    return;
  }
  process.stdout.write(printSteps(label, reports));
  const held = reports.filter((r) => r.p99 <= P99_GOAL_MS && r.errors === 0).at(-1);
  process.stdout.write(held ? `largest step within p99 ≤ ${P99_GOAL_MS} ms and no error: ${held.games} games\n` : `no step was within p99 ≤ ${P99_GOAL_MS} ms and no error\n`);
});
