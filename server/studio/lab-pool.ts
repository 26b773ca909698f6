/**
 * The balance lab's worker threads: a small pool, created as runs need it and reused, that plays a run's games in
 * stretches handed out as workers free up (a busy core slows its worker, not the run). A worker that is working keeps
 * the process alive, an idle one does not, and one idle for IDLE_MS ends. A worker that dies fails the runs it was
 * serving with 500 LAB_FAILED at once: no request waits for an answer that cannot come.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { ServiceError } from '../errors';
import type { LabPart, LabPlan } from './lab-games';
import { systemClock } from '../../chain/clock';

/** What the pool sends a worker: a run's plan once, then stretches of its games, then that the run is over. */
export type LabRequest =
  | { readonly type: 'plan'; readonly run: number; readonly plan: LabPlan }
  | { readonly type: 'play'; readonly run: number; readonly task: number; readonly from: number; readonly to: number }
  | { readonly type: 'forget'; readonly run: number };

/** A worker's answer to a `play`. */
export type LabReply =
  { readonly task: number; readonly part: LabPart } | { readonly task: number; readonly failure: string };

/** More workers than this would take every core of a server from its other requests. */
export const MAX_LAB_WORKERS = 4;

/** Workers a run uses unless told: one per core, up to MAX_LAB_WORKERS. */
export const defaultLabWorkers = (): number => Math.min(os.availableParallelism(), MAX_LAB_WORKERS);

/**
 * An idle worker ends after this long. A new one starts in tens of ms but plays at about half speed until its code is
 * hot, and an artist tuning a board runs the lab again and again.
 */
const IDLE_MS = 5 * 60_000;

/** Stretches each worker of a run has in hand: while it plays one, the next is already on its way. */
const IN_FLIGHT = 2;

/** Games played so far in a run, and how many it plays in all. */
export interface LabProgress {
  readonly done: number;
  readonly total: number;
}

interface Pending {
  readonly resolve: (part: LabPart) => void;
  readonly reject: (err: unknown) => void;
}

/**
 * A worker thread of the lab. Next bundles `new Worker(new URL('./lab-worker.ts', import.meta.url))` as a worker
 * entry of its own (the bundle runs on plain Node); elsewhere (vitest, tsx scripts) the URL is the TypeScript source,
 * which the worker reads through tsx's loader.
 */
function startWorker(): Worker {
  const fromBundle = process.env.NEXT_RUNTIME === 'nodejs';
  return new Worker(new URL('./lab-worker.ts', import.meta.url), fromBundle ? {} : { execArgv: ['--import', 'tsx'] });
}

class LabWorker {
  private readonly thread = startWorker();
  private readonly pending = new Map<number, Pending>();
  private readonly plans = new Set<number>();
  /** Cancels the stop planned while the worker is idle. */
  private idleTimer: (() => void) | null = null;
  private failure: ServiceError | null = null;

  constructor(private readonly onGone: (worker: LabWorker) => void) {
    this.thread.on('message', (reply: LabReply) => this.settle(reply));
    this.thread.on('error', (err) => this.fail(`a balance lab worker failed: ${err.message}`));
    this.thread.on('exit', (code) => this.fail(`a balance lab worker stopped (exit code ${code})`));
    this.idle();
  }

  /** Plays games `from`…`to - 1` of run `run`. @throws HostError 500 `LAB_FAILED` */
  play(run: number, plan: LabPlan, task: number, from: number, to: number): Promise<LabPart> {
    if (this.failure) return Promise.reject(this.failure);
    if (!this.plans.has(run)) {
      this.send({ type: 'plan', run, plan });
      this.plans.add(run);
    }
    if (this.pending.size === 0) this.busy();
    return new Promise<LabPart>((resolve, reject) => {
      this.pending.set(task, { resolve, reject });
      this.send({ type: 'play', run, task, from, to });
    });
  }

  /** The run is over: the worker drops its plan (a board may be megabytes of inline images). */
  forget(run: number): void {
    if (this.plans.delete(run) && !this.failure) this.send({ type: 'forget', run });
  }

  get alive(): boolean {
    return this.failure === null;
  }

  /** Ends the thread; what it had in hand fails with LAB_FAILED. */
  stop(reason: string): Promise<number> {
    this.fail(reason);
    return this.thread.terminate();
  }

  private send(request: LabRequest): void {
    this.thread.postMessage(request);
  }

  private settle(reply: LabReply): void {
    const pending = this.pending.get(reply.task);
    if (!pending) return;
    this.pending.delete(reply.task);
    if ('part' in reply) pending.resolve(reply.part);
    else pending.reject(new ServiceError('LAB_FAILED', `the balance lab failed: ${reply.failure}`));
    if (this.pending.size === 0) this.idle();
  }

  private fail(message: string): void {
    if (this.failure) return;
    this.failure = new ServiceError('LAB_FAILED', message);
    this.idleTimer?.();
    for (const { reject } of this.pending.values()) reject(this.failure);
    this.pending.clear();
    this.onGone(this);
  }

  /** Working: the process stays up for the answer. */
  private busy(): void {
    this.idleTimer?.();
    this.idleTimer = null;
    this.thread.ref();
  }

  private idle(): void {
    this.thread.unref();
    // Not kept alive: an idle worker never holds the process open.
    this.idleTimer = systemClock.setTimer(IDLE_MS, () => void this.stop('idle'));
  }
}

let nextRun = 0;
let nextTask = 0;

/** A pool of lab workers; the process has one (labPool). */
class LabPool {
  private readonly workers: LabWorker[] = [];

  /**
   * Plays games 0…games-1 of `plan` on `workers` workers, at most `chunk` games at a time, and returns their parts
   * (in the order they finished). `onProgress` hears of every stretch done, in order of `done`.
   * @throws HostError 500 `LAB_FAILED` when a worker fails or dies, or the pool is stopped.
   */
  async play(
    plan: LabPlan,
    games: number,
    { workers, chunk, onProgress }: { workers: number; chunk: number; onProgress?: (progress: LabProgress) => void },
  ): Promise<LabPart[]> {
    const run = nextRun++;
    const lanes = this.take(workers);
    const parts: LabPart[] = [];
    let next = 0;
    let done = 0;
    let failed = false;
    const lane = async (worker: LabWorker): Promise<void> => {
      while (next < games && !failed) {
        const from = next;
        // Stretches shrink as the run ends, so no worker is left with a long one while the others have finished.
        next = from + Math.max(1, Math.min(chunk, Math.ceil((games - from) / (lanes.length * IN_FLIGHT * 2))));
        const part = await worker.play(run, plan, nextTask++, from, next);
        parts.push(part);
        done += part.to - part.from;
        onProgress?.({ done, total: games });
      }
    };
    try {
      await Promise.all(lanes.flatMap((worker) => Array.from({ length: IN_FLIGHT }, () => lane(worker)))).catch(
        (err: unknown) => {
          failed = true;
          throw err;
        },
      );
      return parts;
    } finally {
      for (const worker of lanes) worker.forget(run);
    }
  }

  /** Stops every worker; runs in progress fail with LAB_FAILED, and the next run starts new workers. */
  async stop(): Promise<void> {
    await Promise.all([...this.workers].map((w) => w.stop('the balance lab’s workers were stopped')));
  }

  /** The first `count` workers, started as needed. */
  private take(count: number): LabWorker[] {
    while (this.workers.length < count) {
      this.workers.push(
        new LabWorker((gone) => {
          const at = this.workers.indexOf(gone);
          if (at >= 0) this.workers.splice(at, 1);
        }),
      );
    }
    return this.workers.slice(0, count);
  }
}

let shared: LabPool | null = null;

/** The process's pool, made on first use. */
export const labPool = (): LabPool => (shared ??= new LabPool());
