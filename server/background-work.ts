/**
 * Work started and awaited by nobody (a grace's end, a catch-up after a notification, a snapshot write, a game's
 * setup or delivery on the chain side): its failures are reported rather than lost, `idle` waits for all of it, and
 * once closed nothing new should start (`closed` is what loops check at their next turn).
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<unknown>>();
  #closed = false;

  constructor(private readonly onError: (err: unknown) => void) {}

  add(work: Promise<unknown>): void {
    const tracked = work.catch(this.onError);
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
  }

  /** Resolves once no work is running, including work added meanwhile. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  get closed(): boolean {
    return this.#closed;
  }

  close(): void {
    this.#closed = true;
  }
}
