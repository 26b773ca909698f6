import type { SeatId } from '../../engine';
import { RequestError } from '../errors';
import type { ChatEntry, GameSnapshot, GameUpdate, SeatsUpdate } from '../protocol';

/** What a stream carries: the game's updates and, in between, its chat and its seats' presence. */
export type StreamItem =
  | { readonly kind: 'update'; readonly update: GameUpdate }
  | { readonly kind: 'chat'; readonly entry: ChatEntry }
  | { readonly kind: 'seats'; readonly seats: SeatsUpdate }
  /** The game's chain operations changed (an on-chain game): its pages read the chain status again. */
  | { readonly kind: 'chain' };

/**
 * Where a stream stands: the last action (`seq`) and chat entry (`chat`) it has sent. Every event's SSE id is this
 * pair, so Last-Event-ID resumes both without a gap.
 */
export interface StreamCursor {
  readonly seq: number;
  readonly chat: number;
}

/**
 * One subscriber's stream of updates and chat entries: an async iterable of updates (for `for await`), and every
 * item in order through `nextItem` (SSE), ending when closed. Items queue up until read, so a slow reader misses
 * nothing.
 */
export class Subscription implements AsyncIterable<GameUpdate> {
  private readonly queue: StreamItem[] = [];
  private waiting: ((result: IteratorResult<StreamItem>) => void) | null = null;
  private closed = false;
  private ending = false;
  /** What has been read so far (starting where the subscriber resumed). */
  private read: StreamCursor;

  constructor(
    /** The seat whose view this subscriber gets (null: a spectator). */
    readonly seat: SeatId | null,
    private readonly onClose: () => void,
    /**
     * Sent before any update: the seat's snapshot at the game's newest stored snapshot, when the subscriber resumed
     * from before it (the updates then start after it, instead of at every action since).
     */
    readonly opening: GameSnapshot | null = null,
    start: StreamCursor = { seq: opening?.seq ?? 0, chat: 0 },
  ) {
    this.read = start;
  }

  /** Queues an update (ignored once closed). */
  push(update: GameUpdate): void {
    this.pushItem({ kind: 'update', update });
  }

  /** Queues a chat entry (ignored once closed). */
  pushChat(entry: ChatEntry): void {
    this.pushItem({ kind: 'chat', entry });
  }

  /** Queues the seats as they are now (ignored once closed): no cursor of its own, the newest one tells all. */
  pushSeats(seats: SeatsUpdate): void {
    this.pushItem({ kind: 'seats', seats });
  }

  /** Tells the stream the game's chain status changed (ignored once closed); one queued notice says it for all. */
  pushChain(): void {
    if (this.queue.some((item) => item.kind === 'chain')) return;
    this.pushItem({ kind: 'chain' });
  }

  private pushItem(item: StreamItem): void {
    if (this.closed) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve({ value: this.advance(item), done: false });
    } else {
      this.queue.push(item);
    }
  }

  /** Moves the read cursor past `item`. */
  private advance(item: StreamItem): StreamItem {
    if (item.kind === 'update') this.read = { ...this.read, seq: item.update.seq };
    else if (item.kind === 'chat') this.read = { ...this.read, chat: item.entry.n };
    return item;
  }

  /** Where the stream stands after the items read so far. */
  get cursor(): StreamCursor {
    return this.read;
  }

  /** Nothing more will come (the game is over): the iteration ends, and the subscription closes, once the queue is read. */
  end(): void {
    this.ending = true;
    if (this.queue.length === 0 && this.waiting) this.close();
  }

  /** Ended with nothing left to send: a stream would open only to close. */
  get drained(): boolean {
    return this.ending && this.queue.length === 0 && this.opening === null;
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

  /** The next item if one is queued already, else null (it does not wait, nor end the stream). */
  queuedItem(): StreamItem | null {
    const item = this.queue.shift();
    return item ? this.advance(item) : null;
  }

  /** The next item, update or chat entry. */
  nextItem(): Promise<IteratorResult<StreamItem>> {
    const item = this.queuedItem();
    if (item) return Promise.resolve({ value: item, done: false });
    if (this.ending) this.close();
    if (this.closed) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  /** The next update (chat entries in between are passed over: the game's own followers need only its updates). */
  async next(): Promise<IteratorResult<GameUpdate>> {
    for (;;) {
      const item = await this.nextItem();
      if (item.done) return item;
      if (item.value.kind === 'update') return { value: item.value.update, done: false };
    }
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
  /** Chat entries up to this `n` likewise. */
  readonly chatAfter: number;
}

/** Live subscriptions at once: each is an open connection and a queue of views. */
/**
 * The caps on live streams. Spectators share `perGame` and, per client, `perClient`; a seat's streams are never
 * counted with them — a crowd of spectators (or one address opening many) cannot keep a seat's person from coming
 * back — and have caps of their own: SEAT_STREAMS per seat (a person's tabs), `perClient` per client.
 */
export interface StreamCaps {
  /** Spectator streams of one game. */
  readonly perGame: number;
  /** Over all games, per client (its network address, server/limits): its spectator streams, and its seat streams. */
  readonly perClient: number;
}

/** A seat's streams at once: its person's tabs and devices. */
export const SEAT_STREAMS = 10;

export interface AttachOptions {
  /** Who subscribes, for the per-client cap (null: not counted, e.g. a server-side caller). */
  readonly client?: string | null;
  readonly opening?: GameSnapshot | null;
  /** Where the subscriber resumed (its first event's id follows from it); default: the opening's seq, no chat. */
  readonly start?: StreamCursor;
  /** Chat entries up to this `n` are delivered as backlog (or the subscriber had them): live ones come after. */
  readonly chatAfter?: number;
}

/** A client's count of spectator streams, or of seat streams: the two are capped apart. */
const clientKey = (client: string, seat: SeatId | null): string =>
  seat === null ? `spectators:${client}` : `seats:${client}`;

/**
 * Per-game fan-out of applied actions. The host publishes once per action; the broker builds each distinct seat's
 * view once and hands every subscriber only its own seat's view.
 */
export class Broker {
  private readonly byGame = new Map<string, Set<Subscriber>>();
  /** Streams per client: spectators' under `spectators:<client>`, seats' under `seats:<client>`. */
  private readonly byClient = new Map<string, number>();

  constructor(
    private readonly caps: StreamCaps = { perGame: Infinity, perClient: Infinity },
    /**
     * A seat's last stream closed (presence; several tabs count once). Its first one opening is the
     * subscriber's own doing, which tells the game's streams itself, after the subscriber's backlog.
     */
    private readonly onSeatLeft: (gameId: string, seat: SeatId) => void = () => undefined,
  ) {}

  /** Whether some stream of the game follows `seat`'s view (the seat's person is at the table). */
  connected(gameId: string, seat: SeatId): boolean {
    for (const { subscription } of this.byGame.get(gameId) ?? []) if (subscription.seat === seat) return true;
    return false;
  }

  /**
   * Whether one more subscriber of `gameId` from `client`, following `seat` (null: a spectator), would be within the
   * caps (nothing is registered). Seats and spectators are counted apart (StreamCaps).
   * @throws HostError 429 GAME_STREAM_LIMIT | SEAT_STREAM_LIMIT | CLIENT_STREAM_LIMIT
   */
  admit(gameId: string, client: string | null, seat: SeatId | null = null): void {
    if (seat === null && this.spectators(gameId) >= this.caps.perGame) {
      throw new RequestError(
        'GAME_STREAM_LIMIT',
        `game ${gameId} already has ${this.caps.perGame} spectators following it live: try again later (its players' places are kept apart)`,
      );
    }
    if (seat !== null && this.seatStreams(gameId, seat) >= SEAT_STREAMS) {
      throw new RequestError(
        'SEAT_STREAM_LIMIT',
        `seat ${seat + 1} is open in ${SEAT_STREAMS} tabs or devices already: close one and try again`,
      );
    }
    if (client !== null && (this.byClient.get(clientKey(client, seat)) ?? 0) >= this.caps.perClient) {
      throw new RequestError(
        'CLIENT_STREAM_LIMIT',
        `this client already follows ${this.caps.perClient} live event streams: close some (other tabs?) and try again`,
      );
    }
  }

  private spectators(gameId: string): number {
    let n = 0;
    for (const { subscription } of this.byGame.get(gameId) ?? []) if (subscription.seat === null) n++;
    return n;
  }

  private seatStreams(gameId: string, seat: SeatId): number {
    let n = 0;
    for (const { subscription } of this.byGame.get(gameId) ?? []) if (subscription.seat === seat) n++;
    return n;
  }

  /**
   * Registers a subscriber that gets every update with a seq above `after`.
   * @throws HostError 429 GAME_STREAM_LIMIT | CLIENT_STREAM_LIMIT when the game or the client has its cap of streams
   */
  attach(gameId: string, seat: SeatId | null, after: number, options: AttachOptions = {}): Subscription {
    const client = options.client ?? null;
    this.admit(gameId, client, seat);
    const subscribers = this.byGame.get(gameId) ?? new Set<Subscriber>();
    this.byGame.set(gameId, subscribers);
    const key = client === null ? null : clientKey(client, seat);
    if (key !== null) this.byClient.set(key, (this.byClient.get(key) ?? 0) + 1);
    const subscriber: Subscriber = {
      after,
      chatAfter: options.chatAfter ?? 0,
      subscription: new Subscription(
        seat,
        () => {
          subscribers.delete(subscriber);
          if (subscribers.size === 0 && this.byGame.get(gameId) === subscribers) this.byGame.delete(gameId);
          if (key !== null) {
            const left = (this.byClient.get(key) ?? 1) - 1;
            if (left > 0) this.byClient.set(key, left);
            else this.byClient.delete(key);
          }
          if (seat !== null && !this.connected(gameId, seat)) this.onSeatLeft(gameId, seat);
        },
        options.opening ?? null,
        options.start,
      ),
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

  /** Delivers a chat entry to every subscriber of the game (chat holds nothing hidden: spectators read it too). */
  publishChat(gameId: string, entry: ChatEntry): void {
    for (const { subscription, chatAfter } of this.byGame.get(gameId) ?? [])
      if (entry.n > chatAfter) subscription.pushChat(entry);
  }

  /** Delivers the game's seats to every subscriber (presence holds nothing hidden: spectators see it too). */
  publishSeats(gameId: string, seats: SeatsUpdate): void {
    for (const { subscription } of this.byGame.get(gameId) ?? []) subscription.pushSeats(seats);
  }

  /** Tells every subscriber that the game's chain status changed (it holds nothing: each reads what it may see). */
  publishChain(gameId: string): void {
    for (const { subscription } of this.byGame.get(gameId) ?? []) subscription.pushChain();
  }

  /** Subscribers of a game (for tests and metrics). */
  count(gameId: string): number {
    return this.byGame.get(gameId)?.size ?? 0;
  }

  /** The game is over: each stream ends once it has sent what it holds (EventSource then gets a 204 and stops). */
  end(gameId: string): void {
    for (const { subscription } of [...(this.byGame.get(gameId) ?? [])]) subscription.end();
  }

  /** Ends every subscription (host shutdown). */
  closeAll(): void {
    for (const subscribers of [...this.byGame.values()])
      for (const { subscription } of [...subscribers]) subscription.close();
  }
}

/**
 * The SSE id of a stream at `cursor`: the seq, and once the stream has sent chat, `seq.n`, so
 * `Last-Event-ID` resumes the actions and the chat without a gap. A game without chat keeps plain seq ids.
 */
export const sseId = (cursor: StreamCursor): string =>
  cursor.chat === 0 ? String(cursor.seq) : `${cursor.seq}.${cursor.chat}`;

/**
 * Each update's JSON, made once however many streams send it (a seat's tabs, every spectator): the broker hands
 * them all the same object.
 */
const updateJson = new WeakMap<GameUpdate, string>();

function jsonOf(update: GameUpdate): string {
  let text = updateJson.get(update);
  if (text === undefined) {
    text = JSON.stringify(update);
    updateJson.set(update, text);
  }
  return text;
}

/** One update as Server-Sent Events text; `id` is the seq (with the chat's `n`: sseId), so `Last-Event-ID` resumes after it. */
export function formatSse(update: GameUpdate, cursor: StreamCursor = { seq: update.seq, chat: 0 }): string {
  return `id: ${sseId(cursor)}\nevent: update\ndata: ${jsonOf(update)}\n\n`;
}

/** One chat entry as Server-Sent Events text (`event: chat`, `id` the stream's cursor after it). */
export function formatSseChat(entry: ChatEntry, cursor: StreamCursor): string {
  return `id: ${sseId(cursor)}\nevent: chat\ndata: ${JSON.stringify(entry)}\n\n`;
}

/** The seats as Server-Sent Events text (`event: seats`; `id` the stream's cursor, which it does not move). */
export function formatSseSeats(seats: SeatsUpdate, cursor: StreamCursor): string {
  return `id: ${sseId(cursor)}\nevent: seats\ndata: ${JSON.stringify(seats)}\n\n`;
}

/** A notice that the game's chain status changed (`event: chain`; `id` the stream's cursor, which it does not move). */
export function formatSseChain(cursor: StreamCursor): string {
  return `id: ${sseId(cursor)}\nevent: chain\ndata: {}\n\n`;
}

/** A subscription's opening snapshot as Server-Sent Events text (`event: snapshot`, `id` its seq). */
export function formatSseSnapshot(snapshot: GameSnapshot): string {
  return `id: ${snapshot.seq}\nevent: snapshot\ndata: ${JSON.stringify(snapshot)}\n\n`;
}

/** A subscription as the body of a `text/event-stream` response; cancelling the response unsubscribes. */
export function sseStream(subscription: Subscription): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      // Tells EventSource to wait 2 s before reconnecting; the comment line opens the stream at once.
      controller.enqueue(encoder.encode('retry: 2000\n: subscribed\n\n'));
      if (subscription.opening) controller.enqueue(encoder.encode(formatSseSnapshot(subscription.opening)));
    },
    async pull(controller) {
      const next = await subscription.nextItem();
      if (next.done) {
        controller.close();
        return;
      }
      // Whatever else is queued by now leaves in the same chunk: one write to the socket, not one per event.
      let text = '';
      for (let item: StreamItem | null = next.value; item; item = subscription.queuedItem()) {
        const cursor = subscription.cursor;
        text +=
          item.kind === 'update'
            ? formatSse(item.update, cursor)
            : item.kind === 'chat'
              ? formatSseChat(item.entry, cursor)
              : item.kind === 'seats'
                ? formatSseSeats(item.seats, cursor)
                : formatSseChain(cursor);
      }
      controller.enqueue(encoder.encode(text));
    },
    cancel() {
      subscription.close();
    },
  });
}

const EVENT_ID = /^(\d{1,9})(?:\.(\d{1,9}))?$/;

/** The seq to resume after: `Last-Event-ID` (set by EventSource on reconnect, `seq` or `seq.n`) wins over `?after=`. */
export function resumeAfter(
  lastEventId: string | null | undefined,
  after: string | null | undefined,
): number | undefined {
  const fromId = lastEventId ? EVENT_ID.exec(lastEventId.trim()) : null;
  if (fromId) return Number(fromId[1]);
  if (after !== null && after !== undefined && /^\d{1,9}$/.test(after.trim())) return Number(after.trim());
  return undefined;
}

/**
 * The chat entry to resume after: a `Last-Event-ID` names it (`seq.n`; a plain `seq` means none was sent yet: 0),
 * else `?chatAfter=`; undefined: from now.
 */
export function resumeChatAfter(
  lastEventId: string | null | undefined,
  chatAfter: string | null | undefined,
): number | undefined {
  const fromId = lastEventId ? EVENT_ID.exec(lastEventId.trim()) : null;
  if (fromId) return Number(fromId[2] ?? 0);
  if (chatAfter !== null && chatAfter !== undefined && /^\d{1,9}$/.test(chatAfter.trim()))
    return Number(chatAfter.trim());
  return undefined;
}
