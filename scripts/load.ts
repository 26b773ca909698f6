/**
 * `npm run load` (the README's "Capacity"): how many online games one app instance, or several on one PostgreSQL,
 * hold before the people at them wait. Starts the instances itself (a production build, on loopback), grows the load
 * step by step — N concurrent 4-seat online games of scripted people, every seat's event stream open, each person
 * acting on their turn after a think time, the tables chatting — and prints one line per step: actions/s, the other
 * seats' waits (p50/p95/p99), errors, each instance's CPU and memory, CPU ms per action. Bounded: at most 3,000 games
 * and 30 minutes; loopback only.
 */
import type { GameId } from '../engine/core';
import { runCli, UsageError, type CommandLine } from './lib/cli';
import { choiceFlag, intFlag } from './lib/flag-values';
import { formatTable, num } from './lib/table';
import { startInstances, type StoreChoice } from './load/instances';
import { LoadRun, type Instance, type StepReport } from './load/run';

const P99_GOAL_MS = 100;
const MAX_GAMES = 3000;
const MAX_MINUTES = 30;
const DEFAULT_DATABASE = 'postgres://tezospole:tezospole@127.0.0.1:5432/tezospole_test';

const FLAGS = {
  store: {
    type: 'string',
    value: 'pglite|postgres',
    help: 'PGlite in a directory of its own, or a database made for the run on --database-url (default pglite)',
  },
  instances: {
    type: 'string',
    value: '1|2|3',
    help: 'app instances (next start, each on its own port) on that store; above 1 postgres only (default 1)',
  },
  steps: {
    type: 'string',
    value: 'N,N,…',
    help: `concurrent games at each step, rising, at most ${MAX_GAMES} (default 100,250,500,1000)`,
  },
  warmup: { type: 'string', value: 'S', help: 'seconds after reaching a step before measuring, 0–300 (default 10)' },
  window: { type: 'string', value: 'S', help: 'seconds measured at each step, 5–600 (default 30)' },
  think: {
    type: 'string',
    value: 'MIN-MAX',
    help: "a person's pause before acting, uniform in MIN-MAX ms (default 2000-6000)",
  },
  chat: {
    type: 'string',
    value: 'S',
    help: 'mean seconds between two chat posts at a table; 0: nobody chats (default 20)',
  },
  'turn-seconds': { type: 'string', value: 'S|off', help: "the tables' turn timer, 5–3600 s or off (default 90)" },
  games: { type: 'string', value: 'NAME,…', help: 'the games played, in turn (default pole,gotopoly,ten)' },
  'database-url': {
    type: 'string',
    value: 'URL',
    help: "the PostgreSQL server of --store postgres (default $TEST_DATABASE_URL, else the test database's)",
  },
  url: {
    type: 'string',
    value: 'URL,…',
    help: 'drive running app instances instead, loopback only; no CPU or memory figures (default: start them)',
  },
  'keep-going': {
    type: 'boolean',
    help: `measure every step (default: stop after the first over p99 ${P99_GOAL_MS} ms or with an error)`,
  },
  'cpu-prof': {
    type: 'string',
    value: 'DIR',
    help: "write each instance's V8 CPU profile into DIR when it stops (default: none)",
  },
  json: { type: 'boolean', help: 'print the steps as JSON' },
} as const;

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
  if (!m || Number(m[1]) > Number(m[2]))
    throw new UsageError(`--think must be MIN-MAX milliseconds (e.g. 2000-6000), not "${text}"`);
  return [Number(m[1]), Number(m[2])];
}

function gamesFlag(text: string | undefined): GameId[] {
  if (text === undefined) return ['pole', 'gotopoly', 'ten'];
  const games = text.split(',').map((g) => g.trim());
  for (const g of games)
    if (!['pole', 'gotopoly', 'ten'].includes(g))
      throw new UsageError(`--games takes pole, gotopoly and ten, not "${g}"`);
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
    if (url.protocol !== 'http:' || !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
      throw new UsageError(`--url must be a loopback http address (127.0.0.1, localhost, [::1]), not "${raw}"`);
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
      cell: (s: StepReport) =>
        s.instances[i]!.cores === null ? '-' : `${num(s.instances[i]!.cores, 2)} · ${num(s.instances[i]!.rssMb)} MB`,
    })),
    { header: 'CPU ms/action', align: 'right' as const, cell: (s: StepReport) => num(s.cpuMsPerAction, 2) },
    { header: 'PostgreSQL CPU', align: 'right' as const, cell: (s: StepReport) => num(s.databaseCores, 2) },
    {
      header: 'load CPU · lag p99',
      align: 'right' as const,
      cell: (s: StepReport) => `${num(s.loadCores, 2)} · ${ms(s.loadLagP99)} ms`,
    },
  ];
  return `${label}\n${formatTable(columns, steps)}`;
}

async function load({ flags }: CommandLine<typeof FLAGS>): Promise<void> {
  const store = choiceFlag<StoreChoice>('store', flags.store, 'pglite', ['pglite', 'postgres']);
  const count = intFlag('instances', flags.instances, 1, 1, 3);
  const steps = stepsFlag(flags.steps);
  const warmup = intFlag('warmup', flags.warmup, 10, 0, 300);
  const window = intFlag('window', flags.window, 30, 5, 600);
  const turn = flags['turn-seconds'] === 'off' ? null : intFlag('turn-seconds', flags['turn-seconds'], 90, 5, 3600);
  if (store === 'pglite' && count > 1)
    throw new UsageError('several instances share one database: use --store postgres');
  const budget = steps.length * (warmup + window) + steps[steps.length - 1]! / 20;
  if (budget > MAX_MINUTES * 60)
    throw new UsageError(`these steps would run about ${Math.round(budget / 60)} minutes: at most ${MAX_MINUTES}`);

  // Every flag is read before any server starts: a typo must not leave instances running behind a usage error.
  const games = gamesFlag(flags.games);
  const thinkMs = thinkFlag(flags.think);
  const chatEveryMs = intFlag('chat', flags.chat, 20, 0, 3600) * 1000;
  const running = flags.url ? urlsFlag(flags.url) : null;

  const started = running
    ? null
    : await startInstances(store, count, {
        databaseUrl: flags['database-url'] ?? process.env.TEST_DATABASE_URL ?? DEFAULT_DATABASE,
        streams: steps[steps.length - 1]! * 4,
        cpuProfileDir: flags['cpu-prof'],
      });
  const instances = running ?? started!.instances;
  const label = running
    ? `${instances.length} running instance(s)`
    : `${count} instance(s) on ${store === 'pglite' ? 'PGlite' : 'PostgreSQL'}`;
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
      if (!flags.json)
        process.stderr.write(
          `${n} games: p99 ${ms(report.p99)} ms, ${report.errors} errors${report.firstErrors.length ? ` (${report.firstErrors[0]})` : ''}\n`,
        );
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
  process.stdout.write(
    held
      ? `largest step within p99 ≤ ${P99_GOAL_MS} ms and no error: ${held.games} games\n`
      : `no step was within p99 ≤ ${P99_GOAL_MS} ms and no error\n`,
  );
}

await runCli({
  name: 'load',
  synopsis: 'npm run load -- [flags]',
  flags: FLAGS,
  notes: `A run is bounded: at most ${MAX_GAMES} games and ${MAX_MINUTES} minutes. The README's "Capacity" explains the figures.`,
  main: load,
});
