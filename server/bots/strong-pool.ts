/**
 * Where strong bots think: one worker thread (two on a machine with four cores or more), started when a strong bot
 * first moves and reused, unref'd while idle. A move is searched from its seat's view only — the worker never holds
 * a game's state — within the budget; a worker that fails, dies or does not answer in time gives the caller no move,
 * and the caller plays the normal bot's instead (a table never waits on a search that cannot end).
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { GameId, SeatId } from '../../engine';
import type { Clock } from '../../chain/clock';

/** A move to search: the seat's view, the seed of its randomness, and its budget. */
export interface StrongRequest {
  readonly id: number;
  readonly game: GameId;
  readonly view: unknown;
  readonly seat: SeatId;
  readonly seed: string;
  readonly budgetMs: number;
  /** The most iterations (default: the player's own); a test's deterministic budget. */
  readonly iterations?: number;
}

export type StrongReply =
  { readonly id: number; readonly action: unknown } | { readonly id: number; readonly failure: string };

/** A strong bot's time for one move unless the host is told otherwise: about 300 ms of one core. */
export const STRONG_BUDGET_MS = 300;

/**
 * How long past its budget a move may take before the caller gives up on it: the first move also starts the thread
 * and loads the engines (a second or two), and a busy machine slows a search's end.
 */
const GRACE_MS = 5_000;

/**
 * A strong bot's thread. Next bundles `new Worker(new URL('./strong-worker.ts', import.meta.url))` as a worker
 * entry of its own; elsewhere (vitest, tsx) the URL is the TypeScript source, read through tsx's loader.
 */
function startWorker(): Worker {
  const fromBundle = process.env.NEXT_RUNTIME === 'nodejs';
  return new Worker(
    new URL('./strong-worker.ts', import.meta.url),
    fromBundle ? {} : { execArgv: ['--import', 'tsx'] },
  );
}

interface Waiting {
  readonly resolve: (action: unknown) => void;
  readonly cancelTimer: () => void;
}

class StrongWorker {
  private readonly thread = startWorker();
  private readonly waiting = new Map<number, Waiting>();
  private gone = false;

  constructor(private readonly onGone: (worker: StrongWorker) => void) {
    this.thread.on('message', (reply: StrongReply) => this.settle(reply.id, 'action' in reply ? reply.action : null));
    this.thread.on('error', () => this.end());
    this.thread.on('exit', () => this.end());
    this.thread.unref();
  }

  get load(): number {
    return this.waiting.size;
  }

  /** The searched action, or null when the worker failed or did not answer within the budget and its grace. */
  search(request: StrongRequest, clock: Clock): Promise<unknown> {
    if (this.gone) return Promise.resolve(null);
    return new Promise((resolve) => {
      const cancelTimer = clock.setTimer(request.budgetMs + GRACE_MS, () => this.settle(request.id, null));
      this.waiting.set(request.id, { resolve, cancelTimer });
      this.thread.ref(); // an answer is awaited: the process stays up for it
      this.thread.postMessage(request);
    });
  }

  stop(): Promise<number> {
    this.end();
    return this.thread.terminate();
  }

  private settle(id: number, action: unknown): void {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    this.waiting.delete(id);
    waiting.cancelTimer();
    waiting.resolve(action);
    if (this.waiting.size === 0) this.thread.unref();
  }

  private end(): void {
    if (this.gone) return;
    this.gone = true;
    for (const id of [...this.waiting.keys()]) this.settle(id, null);
    this.onGone(this);
  }
}

/** The pool of strong bots' threads; a host owns one and stops it when it closes. */
export class StrongPool {
  private readonly workers: StrongWorker[] = [];
  private nextId = 0;
  private readonly size = os.availableParallelism() >= 4 ? 2 : 1;

  constructor(
    private readonly clock: Clock,
    /** Time for one move (ms). */
    readonly budgetMs: number = STRONG_BUDGET_MS,
    /** The most iterations a search makes (default: each player's own). */
    private readonly iterations?: number,
  ) {}

  /** The strong bot's move for `seat` from its view, or null (the caller plays the normal bot's move). */
  choose(game: GameId, view: unknown, seat: SeatId, seed: string): Promise<unknown> {
    const request: StrongRequest = {
      id: this.nextId++,
      game,
      view,
      seat,
      seed,
      budgetMs: this.budgetMs,
      ...(this.iterations === undefined ? {} : { iterations: this.iterations }),
    };
    return this.worker().search(request, this.clock);
  }

  async stop(): Promise<void> {
    await Promise.all([...this.workers].map((w) => w.stop()));
  }

  /** The least busy worker, started as needed. */
  private worker(): StrongWorker {
    if (this.workers.length < this.size && this.workers.every((w) => w.load > 0)) {
      this.workers.push(
        new StrongWorker((gone) => {
          const at = this.workers.indexOf(gone);
          if (at >= 0) this.workers.splice(at, 1);
        }),
      );
    }
    return this.workers.reduce((a, b) => (b.load < a.load ? b : a));
  }
}
