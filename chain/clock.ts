/**
 * Time, injected: the host and the chain layer read the time and set timers only through a Clock, so tests drive
 * turn timers, bot pacing, retries and back-offs by hand instead of sleeping.
 */
export interface TimerOptions {
  /**
   * Whether the pending timer keeps the process alive (default false: a bot move, a turn timer or a retry planned in
   * the background must not hold a script or a test run open; a pause someone awaits, between two reads, may).
   */
  readonly keepAlive?: boolean;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `fn` after `ms`; returns the function that cancels it. */
  setTimer(ms: number, fn: () => void, options?: TimerOptions): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(ms, fn, options) {
    const handle = setTimeout(fn, Math.max(0, ms));
    if (!options?.keepAlive) handle.unref?.();
    return () => clearTimeout(handle);
  },
};

/** Resolves after `ms` by `clock`. */
export function sleep(clock: Clock, ms: number, options?: TimerOptions): Promise<void> {
  return new Promise((resolve) => {
    clock.setTimer(ms, resolve, options);
  });
}

/** A clock that only moves when told to: `advance` fires the timers that fall due, in due order. */
export class ManualClock implements Clock {
  private time: number;
  private nextId = 0;
  private readonly timers = new Map<number, { due: number; fn: () => void }>();

  constructor(start = 1_700_000_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimer(ms: number, fn: () => void): () => void {
    const id = this.nextId++;
    this.timers.set(id, { due: this.time + Math.max(0, ms), fn });
    return () => this.timers.delete(id);
  }

  /** Timers set and not yet fired or cancelled. */
  get pending(): number {
    return this.timers.size;
  }

  /** Fires every timer due now (timers they set for "now" included, oldest first); returns how many fired. */
  fireDue(): number {
    let fired = 0;
    for (;;) {
      const due = [...this.timers.entries()]
        .filter(([, t]) => t.due <= this.time)
        .sort(([a, x], [b, y]) => x.due - y.due || a - b);
      if (due.length === 0) return fired;
      const [id, timer] = due[0]!;
      this.timers.delete(id);
      timer.fn();
      fired++;
    }
  }

  /** Moves time forward by `ms` and fires what falls due. */
  advance(ms: number): number {
    this.time += ms;
    return this.fireDue();
  }
}
