import type { SeatId } from '../../engine';
import type { GameUpdate } from '../protocol';

/**
 * One subscriber's stream of updates: an async iterable (for `for await` and SSE) that ends when closed. Updates
 * queue up until read, so a slow reader misses nothing.
 */
export class Subscription implements AsyncIterable<GameUpdate> {
  private readonly queue: GameUpdate[] = [];
  private waiting: ((result: IteratorResult<GameUpdate>) => void) | null = null;
  private closed = false;

  constructor(
    /** The seat whose view this subscriber gets (null: a spectator). */
    readonly seat: SeatId | null,
    private readonly onClose: () => void,
  ) {}

  /** Queues an update (ignored once closed). */
  push(update: GameUpdate): void {
    if (this.closed) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve({ value: update, done: false });
    } else {
      this.queue.push(update);
    }
  }

  /** Unsubscribes; a pending `next()` ends the iteration. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.queue.length = 0;
    this.onClose();
    this.waiting?.({ value: undefined, done: true });
    this.waiting = null;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  next(): Promise<IteratorResult<GameUpdate>> {
    const update = this.queue.shift();
    if (update) return Promise.resolve({ value: update, done: false });
    if (this.closed) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  [Symbol.asyncIterator](): AsyncIterator<GameUpdate> {
    return {
      next: () => this.next(),
      return: () => {
        this.close();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }
}

interface Subscriber {
  readonly subscription: Subscription;
  /** Updates up to this seq were delivered as backlog (or the subscriber had them already). */
  readonly after: number;
}

/**
 * Per-game fan-out of applied actions. The host publishes once per action; the broker builds each distinct seat's
 * view once and hands every subscriber only its own seat's view.
 */
export class Broker {
  private readonly byGame = new Map<string, Set<Subscriber>>();

  /** Registers a subscriber that gets every update with a seq above `after`. */
  attach(gameId: string, seat: SeatId | null, after: number): Subscription {
    const subscribers = this.byGame.get(gameId) ?? new Set<Subscriber>();
    this.byGame.set(gameId, subscribers);
    const subscriber: Subscriber = {
      after,
      subscription: new Subscription(seat, () => {
        subscribers.delete(subscriber);
        if (subscribers.size === 0 && this.byGame.get(gameId) === subscribers) this.byGame.delete(gameId);
      }),
    };
    subscribers.add(subscriber);
    return subscriber.subscription;
  }

  /** Delivers the update of action `seq`; `updateFor` builds it for one seat and is called once per distinct seat. */
  publish(gameId: string, seq: number, updateFor: (seat: SeatId | null) => GameUpdate): void {
    const subscribers = this.byGame.get(gameId);
    if (!subscribers) return;
    const built = new Map<SeatId | null, GameUpdate>();
    for (const { subscription, after } of subscribers) {
      if (seq <= after) continue;
      let update = built.get(subscription.seat);
      if (!update) {
        update = updateFor(subscription.seat);
        built.set(subscription.seat, update);
      }
      subscription.push(update);
    }
  }

  /** Subscribers of a game (for tests and metrics). */
  count(gameId: string): number {
    return this.byGame.get(gameId)?.size ?? 0;
  }

  /** Ends every subscription (host shutdown). */
  closeAll(): void {
    for (const subscribers of [...this.byGame.values()]) for (const { subscription } of [...subscribers]) subscription.close();
  }
}

/** One update as Server-Sent Events text; `id` is the seq, so `Last-Event-ID` resumes after it. */
export function formatSse(update: GameUpdate): string {
  return `id: ${update.seq}\nevent: update\ndata: ${JSON.stringify(update)}\n\n`;
}

/** A subscription as the body of a `text/event-stream` response; cancelling the response unsubscribes. */
export function sseStream(subscription: Subscription): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      // Tells EventSource to wait 2 s before reconnecting; the comment line opens the stream at once.
      controller.enqueue(encoder.encode('retry: 2000\n: subscribed\n\n'));
    },
    async pull(controller) {
      const next = await subscription.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(formatSse(next.value)));
    },
    cancel() {
      subscription.close();
    },
  });
}

/** The seq to resume after: `Last-Event-ID` (set by EventSource on reconnect) wins over `?after=`. */
export function resumeAfter(lastEventId: string | null | undefined, after: string | null | undefined): number | undefined {
  for (const candidate of [lastEventId, after]) {
    if (candidate !== null && candidate !== undefined && /^\d{1,9}$/.test(candidate.trim())) return Number(candidate.trim());
  }
  return undefined;
}
