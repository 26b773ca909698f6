/**
 * The logged steps on their way to the chain, by game and row, for every ChainGames of a process: a restarted one
 * must not send again what its predecessor still has on its way, and waits for it instead. So a process has one
 * registry (`sharedDeliveries`), which a ChainGames uses unless told otherwise; a test that restarts the chain side
 * hands the successor its predecessor's.
 */
import type { Clock } from '../../chain/clock';

/** A step row being delivered: by whom (a ChainGames' deliverer), and the work that ends when it is done. */
export interface Delivery {
  readonly owner: object;
  readonly work: Promise<void>;
}

export class Deliveries {
  readonly #byGame = new Map<string, Map<number, Delivery>>();

  /** The delivery of the game's row `rowId` under way, if any. */
  find(gameId: string, rowId: number): Delivery | undefined {
    return this.#byGame.get(gameId)?.get(rowId);
  }

  /** Waits until none of the game's deliveries is under way (those that start meanwhile too), or until `deadline`. */
  async settled(gameId: string, clock: Clock, deadline: number): Promise<void> {
    for (;;) {
      const underWay = [...(this.#byGame.get(gameId)?.values() ?? [])].map((d) => d.work);
      if (underWay.length === 0 || clock.now() >= deadline) return;
      let cancel = (): void => {};
      await Promise.race([
        Promise.all(underWay),
        new Promise((r) => (cancel = clock.setTimer(deadline - clock.now(), () => r(undefined), { keepAlive: true }))),
      ]);
      cancel();
    }
  }

  /** Registers `work`, `owner`'s delivery of the game's row `rowId`, until it ends; returns the registered work. */
  add(gameId: string, rowId: number, owner: object, work: Promise<void>): Promise<void> {
    const rows = this.#byGame.get(gameId) ?? new Map<number, Delivery>();
    this.#byGame.set(gameId, rows);
    const registered = work.finally(() => {
      rows.delete(rowId);
      if (rows.size === 0 && this.#byGame.get(gameId) === rows) this.#byGame.delete(gameId);
    });
    rows.set(rowId, { owner, work: registered });
    return registered;
  }
}

const processDeliveries = new Deliveries();

/** The process's one registry: every ChainGames of a production process shares it. */
export const sharedDeliveries = (): Deliveries => processDeliveries;
