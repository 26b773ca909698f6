/**
 * Work the host starts and nobody awaits (a grace's end, a catch-up after a notification, a snapshot write): its
 * failures are reported rather than lost, and `idle` waits for all of it.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<unknown>>();

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
}
