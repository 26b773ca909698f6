/**
 * TzKT's real-time API as the app follows it: the one place that builds the events client — `@microsoft/signalr`
 * unchanged (the client TzKT's Events API documents and `@tzkt/sdk-events` wraps) connected to `<tzkt>/v1/ws` —
 * for the server's read-after-write waits and the browser's live chain views alike. One connection per TzKT API,
 * opened while someone follows it and closed a few seconds after the last one stops; it subscribes to the head,
 * reconnects on its own when the socket drops, and says whether it is up, so callers poll only while it is not.
 *
 * `@microsoft/signalr` is imported when the first connection opens, so a page that never follows the chain does not
 * load it.
 */
import type { HubConnection } from '@microsoft/signalr';
import { systemClock, type Clock } from '../clock';

/** A TzKT hub message (TzKT's Websocket/Messages): state (0), data (1) or reorg (2). */
interface HubMessage {
  readonly type: number;
  readonly state: number;
  readonly data?: unknown;
}

/** Waits between reconnection attempts, then every 10 s for as long as someone follows the head. */
const RETRY_MS = [0, 500, 1000, 2000, 5000];
const RETRY_EVERY_MS = 10_000;
/** How long an unused connection stays open, so the next wait (the next move's read) finds it up. */
const LINGER_MS = 5_000;

/** The indexer's head as the hub announces it. */
export interface HeadFeed {
  /** Whether the socket is up and subscribed: head levels arrive as blocks are indexed. */
  readonly live: boolean;
  /** The last head level announced (undefined before the first). */
  readonly level: number | undefined;
  /** Calls `listener` with each head level announced, and with `live` changes; returns the unsubscribe. */
  follow(listener: HeadListener): () => void;
}

export interface HeadListener {
  head?(level: number): void;
  live?(live: boolean): void;
}

class HubHeadFeed implements HeadFeed {
  live = false;
  level: number | undefined;
  private readonly listeners = new Set<HeadListener>();
  private connection: HubConnection | undefined;
  private opening: Promise<void> | undefined;
  /** Cancels the planned reconnection, if any. */
  private retry: (() => void) | undefined;
  /** Cancels the planned closing of an unused connection, if any. */
  private linger: (() => void) | undefined;
  private attempts = 0;

  constructor(
    private readonly hubUrl: string,
    private readonly clock: Clock,
  ) {}

  follow(listener: HeadListener): () => void {
    this.listeners.add(listener);
    this.linger?.();
    this.linger = undefined;
    if (!this.connection && !this.opening) this.open();
    return () => {
      if (!this.listeners.delete(listener) || this.listeners.size > 0) return;
      this.linger = this.clock.setTimer(LINGER_MS, () => this.shut(), { keepAlive: true });
    };
  }

  private setLive(live: boolean): void {
    if (this.live === live) return;
    this.live = live;
    for (const l of [...this.listeners]) l.live?.(live);
  }

  private setLevel(level: number): void {
    if (!Number.isSafeInteger(level)) return;
    this.level = level;
    for (const l of [...this.listeners]) l.head?.(level);
  }

  private open(): void {
    this.opening = this.connect()
      .catch(() => this.scheduleRetry())
      .finally(() => (this.opening = undefined));
  }

  private async connect(): Promise<void> {
    const signalr = await import('@microsoft/signalr');
    const connection = new signalr.HubConnectionBuilder()
      // No cookies: TzKT needs none, and a credentialed request would need the devnet to allow credentials.
      .withUrl(this.hubUrl, { withCredentials: false })
      .withAutomaticReconnect({
        nextRetryDelayInMilliseconds: (ctx) => RETRY_MS[ctx.previousRetryCount] ?? RETRY_EVERY_MS,
      })
      .configureLogging(signalr.LogLevel.None)
      .build();
    connection.on('head', (m: HubMessage) =>
      this.setLevel(m.type === 1 ? ((m.data as { level?: number } | undefined)?.level ?? m.state) : m.state),
    );
    connection.onreconnecting(() => this.setLive(false));
    connection.onreconnected(() => void this.subscribe(connection).catch(() => void connection.stop()));
    connection.onclose(() => {
      this.setLive(false);
      if (this.connection !== connection) return;
      this.connection = undefined;
      if (this.listeners.size > 0) this.scheduleRetry();
    });
    this.connection = connection;
    await connection.start();
    if (this.connection !== connection) return void connection.stop();
    await this.subscribe(connection);
    this.attempts = 0;
  }

  private async subscribe(connection: HubConnection): Promise<void> {
    this.setLevel(await connection.invoke<number>('SubscribeToHead'));
    this.setLive(true);
  }

  /** A first connection that failed (automatic reconnection only follows one that succeeded): try again later. */
  private scheduleRetry(): void {
    this.connection = undefined;
    this.setLive(false);
    if (this.listeners.size === 0 || this.retry !== undefined) return;
    const delay = RETRY_MS[this.attempts++] ?? RETRY_EVERY_MS;
    this.retry = this.clock.setTimer(
      delay,
      () => {
        this.retry = undefined;
        if (this.listeners.size > 0 && !this.connection && !this.opening) this.open();
      },
      { keepAlive: true },
    );
  }

  private shut(): void {
    this.linger = undefined;
    if (this.listeners.size > 0) return;
    this.retry?.();
    this.retry = undefined;
    const c = this.connection;
    this.connection = undefined;
    this.attempts = 0;
    this.setLive(false);
    void c?.stop();
  }
}

/** The feeds by clock, then by hub: whoever follows an API on one clock shares its connection. */
const feeds = new WeakMap<Clock, Map<string, HeadFeed>>();

/**
 * The head feed of the TzKT API at `tzktUrl` (a `Network.tzktUrl`), shared by everyone following it here on `clock`
 * (which times its reconnections and its closing once unused).
 */
export function headFeed(tzktUrl: string, clock: Clock = systemClock): HeadFeed {
  const hubUrl = `${tzktUrl.trim().replace(/\/+$/, '')}/v1/ws`;
  let byHub = feeds.get(clock);
  if (!byHub) feeds.set(clock, (byHub = new Map<string, HeadFeed>()));
  let feed = byHub.get(hubUrl);
  if (!feed) byHub.set(hubUrl, (feed = new HubHeadFeed(hubUrl, clock)));
  return feed;
}

/**
 * Waits until the feed announces a head at `minLevel` or above (resolving with it), or `ms` pass by `clock`, or the
 * socket goes down (resolving with undefined: poll then). The caller checks the indexer itself either way.
 */
export function nextHead(
  feed: HeadFeed,
  minLevel: number,
  ms: number,
  clock: Clock = systemClock,
): Promise<number | undefined> {
  return new Promise((resolve) => {
    let stop = (): void => {};
    const done = (level: number | undefined): void => {
      cancel();
      stop();
      resolve(level);
    };
    const cancel = clock.setTimer(ms, () => done(undefined), { keepAlive: true });
    stop = feed.follow({
      head: (level) => level >= minLevel && done(level),
      live: (live) => !live && done(undefined),
    });
  });
}
