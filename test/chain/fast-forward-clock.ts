import { systemClock, type Clock, type TimerOptions } from '../../chain/clock';

/**
 * Real time that a test can move on: timers fire when their time comes, as on the system clock, or at once when
 * `advance` passes it. Against a devnet, what waits on a real process (a block, the indexer catching up) goes on at
 * its own pace, while a retry's back-off is skipped instead of waited for. (A ManualClock would stop the polls too.)
 */
export class FastForwardClock implements Clock {
  #skipped = 0;
  #nextId = 0;
  readonly #timers = new Map<
    number,
    { readonly due: number; readonly fn: () => void; readonly options: TimerOptions | undefined; cancel: () => void }
  >();

  now(): number {
    return Date.now() + this.#skipped;
  }

  setTimer(ms: number, fn: () => void, options?: TimerOptions): () => void {
    const id = this.#nextId++;
    this.#timers.set(id, { due: this.now() + Math.max(0, ms), fn, options, cancel: () => undefined });
    this.#arm(id);
    return () => {
      this.#timers.get(id)?.cancel();
      this.#timers.delete(id);
    };
  }

  /** Moves time on by `ms`: the timers that fall due fire now, in due order; the others keep their time. */
  advance(ms: number): void {
    this.#skipped += ms;
    const now = this.now();
    const due = [...this.#timers.entries()]
      .filter(([, t]) => t.due <= now)
      .sort(([a, x], [b, y]) => x.due - y.due || a - b);
    for (const [id] of due) this.#fire(id);
    for (const id of this.#timers.keys()) this.#arm(id);
  }

  /** (Re)sets the system timer that fires `id` at its time. */
  #arm(id: number): void {
    const timer = this.#timers.get(id)!;
    timer.cancel();
    timer.cancel = systemClock.setTimer(timer.due - this.now(), () => this.#fire(id), timer.options);
  }

  #fire(id: number): void {
    const timer = this.#timers.get(id);
    if (!timer) return;
    this.#timers.delete(id);
    timer.cancel();
    timer.fn();
  }
}
