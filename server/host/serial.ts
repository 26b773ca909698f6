/**
 * One queue per key: tasks for one game run one at a time, in arrival order, so a game's in-memory state is never
 * changed by two tasks interleaving across an `await`. Tasks of different games run concurrently.
 */
export class SerialQueues {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    // Forget an idle key so the map does not grow with every game ever touched.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Whether a task of `key` is queued or running. */
  busy(key: string): boolean {
    return this.tails.has(key);
  }
}
