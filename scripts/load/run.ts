/**
 * A load run (`npm run load`, the README's "Capacity"): N concurrent online games of scripted people over one or more
 * app instances, grown step by step; each step's window measures actions/s, the other seats' waits, errors, and each
 * instance's CPU and memory.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { GameId } from '../../engine/core';
import { percentile } from '../lib/stats';
import { sampleCommand, sampleGroup, type GroupSample } from './process-stats';
import { chooser } from '../lib/chooser';
import { ScriptedTable, type TablePlan, type TableRoutes } from './table';

export interface Instance {
  readonly baseUrl: string;
  /** Its process group, for CPU and memory (null: not known, e.g. a server this run did not start). */
  readonly pgid: number | null;
}

export interface LoadOptions {
  readonly instances: readonly Instance[];
  /** The games played, in turn (table i plays games[i % length]). */
  readonly games: readonly GameId[];
  readonly thinkMs: readonly [number, number];
  readonly chatEveryMs: number;
  readonly turnSeconds: number | null;
  /** Engine options per game (a short game for tests). */
  readonly options?: Partial<Record<GameId, Readonly<Record<string, unknown>>>>;
  /** The database server's processes, by command name, whose CPU the steps report too (e.g. `postgres`). */
  readonly database?: string;
  /** A game that ends is replaced by a new one, so the count stays N (default true). */
  readonly replace?: boolean;
  readonly seed?: number;
}

export interface StepReport {
  readonly games: number;
  readonly streams: number;
  readonly seconds: number;
  readonly actionsPerSecond: number;
  readonly chatPerSecond: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  /** Waits measured in the window (one per other seat per action). */
  readonly samples: number;
  readonly errors: number;
  readonly firstErrors: readonly string[];
  /** 409 STALE answers: simultaneous decisions where another seat came first; resolved by the next update. */
  readonly stale: number;
  /** Per instance: cores used in the window (CPU s per s), resident MB at its end. */
  readonly instances: readonly { readonly cores: number | null; readonly rssMb: number | null }[];
  /** Every instance's CPU time over the window divided by the actions taken in it. */
  readonly cpuMsPerAction: number | null;
  /** The database server's cores in the window (null: in the app's process, or not measured). */
  readonly databaseCores: number | null;
  /** This generator's own CPU (cores) and event-loop delay p99 (ms): when these are high, the figures are its. */
  readonly loadCores: number;
  readonly loadLagP99: number;
}

const CREATE_CONCURRENCY = 16;

/** What one window counted. */
class Window {
  latencies: number[] = [];
  actions = 0;
  chats = 0;
  stale = 0;
  errors = 0;
  firstErrors: string[] = [];
}

export class LoadRun {
  private readonly tables: ScriptedTable[] = [];
  private window = new Window();
  private stopped = false;
  private created = 0;
  /** Every error of the run so far (the first 20 of them told), whatever the window. */
  readonly errors: string[] = [];
  errorCount = 0;
  /** Stale refusals from an instance behind the seat's stream, over the whole run. */
  behind = 0;
  /** Every table ever opened (a finished one stays here for the checks). */
  readonly history: ScriptedTable[] = [];
  private readonly lag = monitorEventLoopDelay({ resolution: 10 });

  constructor(private readonly options: LoadOptions) {
    this.lag.enable();
  }

  private routes(index: number): TableRoutes {
    const urls = this.options.instances.map((i) => i.baseUrl);
    const k = urls.length;
    // Created on one instance, each seat streaming from the next and acting on the one after: with two or more
    // instances every action crosses from one to another through the database, as it would behind a load balancer.
    return {
      create: urls[index % k]!,
      stream: (seat) => urls[(index + seat + 1) % k]!,
      act: (seat) => urls[(index + seat + 2) % k]!,
    };
  }

  private plan(index: number): TablePlan {
    const game = this.options.games[index % this.options.games.length]!;
    const options = this.options.options?.[game];
    return {
      game,
      seed: `load-${this.options.seed ?? 1}-${index}`,
      ...(options ? { options } : {}),
      thinkMs: this.options.thinkMs,
      chatEveryMs: this.options.chatEveryMs,
      turnSeconds: this.options.turnSeconds,
      pick: chooser((this.options.seed ?? 1) * 7919 + index),
    };
  }

  private readonly sink = {
    latency: (ms: number) => void this.window.latencies.push(ms),
    action: () => void this.window.actions++,
    stale: () => void this.window.stale++,
    behind: () => void this.behind++,
    chat: () => void this.window.chats++,
    error: (what: string) => {
      this.window.errors++;
      if (this.window.firstErrors.length < 5) this.window.firstErrors.push(what);
      this.errorCount++;
      if (this.errors.length < 20) this.errors.push(what);
    },
  };

  /** Opens one more table in slot `slot` (replacing a finished one there). */
  private async openTable(slot: number): Promise<void> {
    const index = this.created++;
    const table = new ScriptedTable(this.routes(index), this.plan(index), this.sink);
    this.tables[slot] = table;
    this.history.push(table);
    try {
      await table.open();
    } catch (err) {
      this.sink.error(`opening a table: ${(err as Error).message}`);
      return;
    }
    void table.done.then(() => {
      if (this.stopped || !table.over || this.options.replace === false) return;
      table.stop();
      void this.openTable(slot);
    });
  }

  /** Grows to `games` concurrent tables (a few created at a time, as people arrive). */
  async grow(games: number): Promise<void> {
    const slots: number[] = [];
    for (let slot = this.tables.length; slot < games; slot++) slots.push(slot);
    for (let i = 0; i < slots.length; i += CREATE_CONCURRENCY)
      await Promise.all(slots.slice(i, i + CREATE_CONCURRENCY).map((s) => this.openTable(s)));
  }

  /** Every table opened so far has finished (for runs without replacement). */
  finished(): Promise<void> {
    return Promise.all(this.history.map((t) => t.done)).then(() => undefined);
  }

  /** Measures `seconds` of the running load. */
  async measure(seconds: number): Promise<StepReport> {
    this.window = new Window();
    this.lag.reset();
    const before = this.options.instances.map((i) => (i.pgid === null ? null : sampleGroup(i.pgid)));
    const dbBefore = this.options.database ? sampleCommand(this.options.database) : null;
    const ownBefore = process.cpuUsage();
    const started = performance.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const wall = (performance.now() - started) / 1000;
    const own = process.cpuUsage(ownBefore);
    const after = this.options.instances.map((i) => (i.pgid === null ? null : sampleGroup(i.pgid)));
    const dbAfter = this.options.database ? sampleCommand(this.options.database) : null;
    const w = this.window;
    const cpuMs = (a: GroupSample | null, b: GroupSample | null) => (a && b ? b.cpuMs - a.cpuMs : null);
    const spent = before.map((b, i) => cpuMs(b, after[i]!));
    const known = spent.every((s) => s !== null);
    return {
      games: this.tables.length,
      streams: this.tables.reduce((n, t) => n + t.openStreams, 0),
      seconds: wall,
      actionsPerSecond: w.actions / wall,
      chatPerSecond: w.chats / wall,
      p50: percentile(w.latencies, 50),
      p95: percentile(w.latencies, 95),
      p99: percentile(w.latencies, 99),
      samples: w.latencies.length,
      errors: w.errors,
      firstErrors: w.firstErrors,
      stale: w.stale,
      instances: spent.map((s, i) => ({
        cores: s === null ? null : s / 1000 / wall,
        rssMb: after[i] ? after[i].rssBytes / 2 ** 20 : null,
      })),
      cpuMsPerAction: known && w.actions > 0 ? spent.reduce((a, b) => a + b, 0) / w.actions : null,
      databaseCores: dbBefore && dbAfter ? (dbAfter.cpuMs - dbBefore.cpuMs) / 1000 / wall : null,
      loadCores: (own.user + own.system) / 1e6 / wall,
      loadLagP99: this.lag.percentile(99) / 1e6,
    };
  }

  stop(): void {
    this.stopped = true;
    this.lag.disable();
    for (const t of this.history) t.stop();
  }
}
