import type { Actor, GameEvent, GameId, SeatId } from '../../engine';
import type { SeatKind, SeatMarkKind } from '../protocol';
import type { SqlDriver } from './driver';
import type { RatedSeat, RatingAtStart } from '../ratings/rated-games';
import type { SqlRatingsBook } from './ratings-book';

/** A seat as stored: the SHA-256 (hex) of its invite token, never the token. */
export interface StoredSeat {
  readonly name: string;
  readonly kind: SeatKind;
  /** Online mode: the hash of this seat's invite token; null in hot-seat (the host token acts). */
  readonly tokenHash: string | null;
  /** A human seat whose player left: its bot plays it. */
  readonly botTakeover: boolean;
  /**
   * Someone has taken the seat: its token opened a stream or acted, or a lobby or rematch join minted it.
   * Recorded for online games; a listed game's seat without it is free in the lobby, and only a taken seat gets a
   * grace period when a server restarts (its person was at the table).
   */
  readonly taken?: boolean;
}

/** A seat's change the log tells, after action `afterSeq`; `n` counts from 1 per game. */
export interface StoredSeatMark {
  readonly n: number;
  readonly afterSeq: number;
  readonly seat: SeatId;
  readonly mark: SeatMarkKind;
}

export interface GameRow {
  readonly id: string;
  readonly game: GameId;
  /** The engine version the game was created with (GameDefinition.version). */
  readonly version: number;
  /** The config given to `setup` (players included), as given: replay needs exactly this. */
  readonly config: unknown;
  readonly seed: string;
  readonly seats: readonly StoredSeat[];
  readonly hostTokenHash: string;
  readonly mode: 'hotseat' | 'online';
  readonly turnSeconds: number | null;
  readonly botPaceMs: number;
  /** Online: seconds an away human seat keeps its place before its bot plays; null in hot-seat. */
  readonly graceSeconds: number | null;
  /** The seats' changes the log tells, oldest first (no part of the game record). */
  readonly seatMarks: readonly StoredSeatMark[];
  readonly createdAt: Date;
  readonly finished: boolean;
  /** A public game: listed in the lobby while it has free human seats. */
  readonly listed: boolean;
  /** The game this one is the rematch of, if any. */
  readonly rematchOf: string | null;
  /** The studio board an on-chain game was created from (its artists' source), if any. */
  readonly studioBoard: string | null;
  /** Provably fair: each action's roll mixes the seed with the acting seat's link. */
  readonly fair: boolean;
  /** An online game waiting for its people: nothing moves in it until it starts. */
  readonly waiting: boolean;
  /** A waiting game starts by itself once every human seat is taken. */
  readonly autoStart: boolean;
  /** The secret of a waiting room's one link (/r/<code>); null for a game without a waiting room. */
  readonly roomCode: string | null;
  /** The seats it rates, each with the wallet signed in on it when it started; null: unrated, or not started. */
  readonly ratedSeats: readonly RatedSeat[] | null;
}

type OptionalOnCreate =
  'graceSeconds' | 'listed' | 'rematchOf' | 'studioBoard' | 'fair' | 'waiting' | 'autoStart' | 'roomCode';

export type NewGameRow = Omit<GameRow, 'createdAt' | 'finished' | 'seatMarks' | 'ratedSeats' | OptionalOnCreate> &
  Partial<Pick<GameRow, OptionalOnCreate>>;

/** One entry of the append-only log; `seq` counts from 1 (the state after it has that seq). */
export interface ActionRow {
  readonly seq: number;
  readonly seat: Actor;
  readonly action: unknown;
  readonly events: readonly GameEvent[];
  /** Provably fair: the acting seat's chain link given with the action, or null. */
  readonly contribution: string | null;
  readonly createdAt: Date;
}

/** A seat's hash-chain head in a provably fair game, registered when the game was at seq `at`. */
export interface ChainRow {
  readonly seat: SeatId;
  readonly head: string;
  readonly at: number;
}

/** One chat entry as stored: `n` counts from 1 per game. */
export interface ChatRow {
  readonly n: number;
  readonly seat: SeatId;
  readonly kind: 'text' | 'emote' | 'mute' | 'unmute';
  readonly body: string;
  readonly createdAt: Date;
}

export interface SnapshotRow {
  readonly seq: number;
  readonly state: unknown;
}

/**
 * What a store announces to every listener (on PostgreSQL: to every app instance on the database).
 * `resync`: notifications may have been missed (the listening connection dropped); catch up on everything.
 */
export type StoreEvent =
  /**
   * Action `seq` was appended; `logged` carries it when it fits in a notification, so an instance that
   * follows the game applies it without reading the log back: one query per action saved on every other instance.
   */
  | { readonly type: 'action'; readonly gameId: string; readonly seq: number; readonly logged?: LoggedNotice }
  | { readonly type: 'seats'; readonly gameId: string }
  | { readonly type: 'chat'; readonly gameId: string; readonly n: number }
  | { readonly type: 'resync' };

/** An appended action as its notification carries it: who acted, what, and whether a turn timer chose it. */
export interface LoggedNotice {
  readonly seat: Actor;
  readonly action: unknown;
  readonly timedOut: boolean;
  /** Provably fair: the link given with it (its roll needs it). */
  readonly contribution?: string | null;
}

export type StoreListener = (event: StoreEvent) => void;

/**
 * The game database. Two implementations (PGlite, PostgreSQL) run the same SQL (schema.ts, sql-store.ts and its
 * rooms); the host depends on this interface only. Each room has one job: `games` (the games' rows), `actions` (the
 * append-only log), `chat`, `fair` (provably fair hash chains), `snapshots` and `ratings`; the store itself migrates, listens and
 * closes.
 */
export interface GameStore {
  /** Which implementation, for logs and tests. */
  readonly kind: 'pglite' | 'postgres';
  /**
   * The database itself, for the app's other tables (schema.ts: sessions, on-chain games, studio pieces and
   * boards), whose modules keep their own queries. Closing stays the store's job.
   */
  readonly sql: SqlDriver;
  readonly games: GameRows;
  readonly actions: ActionLog;
  readonly chat: ChatLog;
  readonly fair: FairChains;
  readonly snapshots: Snapshots;
  /** Ratings: a rated game's end, the players' skills and names, the boards and the published list. */
  readonly ratings: SqlRatingsBook;
  /** Applies the migrations not yet applied; safe to run again and from several instances at once. */
  migrate(): Promise<void>;
  /** Starts delivering StoreEvents to `listener`; resolves once listening. Returns the function that stops it. */
  listen(listener: StoreListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The games' rows: created, read, listed, their seats changed (a game's end is the ratings room's). */
export interface GameRows {
  /** @throws StoreError DUPLICATE_GAME (its id, or a second rematch of one game) */
  create(game: NewGameRow): Promise<void>;
  get(id: string): Promise<GameRow | null>;
  /** The id of the rematch of game `id`, if one was created. */
  rematchOf(id: string): Promise<string | null>;
  /** The game whose room link has `code`, if any. */
  byRoomCode(code: string): Promise<string | null>;
  /**
   * Starts a waiting game with `seats` (free seats filled with bots) and the seats it rates (or why it is unrated),
   * once: false when it was not waiting any more (another start won). Notifies listeners.
   */
  start(id: string, seats: readonly StoredSeat[], rating?: RatingAtStart): Promise<boolean>;
  /** The newest `limit` listed games, finished or not (the lobby's), newest first. */
  listed(limit: number): Promise<GameRow[]>;
  /** Ids of games not marked finished (a restarted host resumes their bots and timers). */
  unfinished(): Promise<string[]>;
  /**
   * Replaces the seats (bot takeover) and notifies listeners; with `mark`, adds it to the game's seat marks in the
   * same statement. @throws StoreError UNKNOWN_GAME
   */
  updateSeats(id: string, seats: readonly StoredSeat[], mark?: StoredSeatMark): Promise<void>;
  /**
   * Replaces the seats only if they are still `expected` (compare-and-set: of two app instances seating one seat at
   * once, one wins), and notifies listeners. Returns whether it did.
   */
  swapSeats(id: string, expected: readonly StoredSeat[], seats: readonly StoredSeat[]): Promise<boolean>;
}

/** Each game's append-only log of actions. */
export interface ActionLog {
  /**
   * Appends one action at `seq` and notifies listeners, atomically: of two appends of the same seq exactly one
   * succeeds, the other throws.
   * @throws StoreError SEQ_TAKEN (another append won), UNKNOWN_GAME
   */
  append(
    gameId: string,
    seq: number,
    seat: Actor,
    action: unknown,
    events?: readonly GameEvent[],
    contribution?: string | null,
  ): Promise<void>;
  /** The actions with `after < seq <= upTo`, in order. */
  list(gameId: string, after?: number, upTo?: number): Promise<ActionRow[]>;
}

/** Each game's chat, mutes included. */
export interface ChatLog {
  /**
   * Appends chat entry `n` and notifies listeners, atomically, like an action: of two appends of one `n` one wins.
   * @throws StoreError SEQ_TAKEN (another append won), UNKNOWN_GAME
   */
  append(gameId: string, entry: ChatRow): Promise<void>;
  /** The newest `limit` chat entries with `n > after`, in order. */
  list(gameId: string, after: number, limit: number): Promise<ChatRow[]>;
  /** The seats whose latest mute entry mutes them. */
  muted(gameId: string): Promise<SeatId[]>;
}

/** A provably fair game's seats' hash chains. */
export interface FairChains {
  /** Registers a seat's chain head; false when the seat has one already (the first registration stays). */
  register(gameId: string, chain: ChainRow): Promise<boolean>;
  /** A game's registered chains, by seat. */
  list(gameId: string): Promise<ChainRow[]>;
}

/** Each game's saved states, so loading it does not replay the whole log. */
export interface Snapshots {
  /** Stores the state at `seq` (idempotent: a second write of one seq is ignored). */
  save(gameId: string, seq: number, state: unknown): Promise<void>;
  /** The latest snapshot at or before `atOrBefore` (any, when omitted). */
  latest(gameId: string, atOrBefore?: number): Promise<SnapshotRow | null>;
}
