/**
 * The server layer's error tree (Taquito-style, every leaf with a stable `code`):
 *
 *   ServerError → StoreError (the database refused or failed)
 *               | HostError (a request was refused; nothing changed) → RequestError | AccessError | GameError
 *                   | ChainGameError | StudioError | ServiceError | ChatError | TableError | ContentError
 *                   | RatingError (each with its code union)
 *                   | RuleRefusal (the engine refused a move or a set-up: its own code)
 *
 * A refusal's HTTP status is never chosen where it is thrown: `HTTP_STATUS` maps every code to one (and
 * `ruleStatus` the engine's), and the route responder answers with it.
 */
/**
 * Next bundles instrumentation.ts (which opens the game host at boot) apart from the route handlers, so one process
 * can hold two copies of these classes, and the host's errors reach a route from the other copy: a class check alone
 * would turn a 403 into a 500. Each error carries a brand shared by every copy (Symbol.for), and the guards check it.
 */
const BRAND = Symbol.for('tezos-pole.server-error');

const branded = (err: unknown, kind: string): boolean =>
  typeof err === 'object' && err !== null && (err as { [BRAND]?: unknown })[BRAND] === kind;

export abstract class ServerError extends Error {
  abstract readonly code: string;
  /** Which trunk of the tree the error is on ('StoreError', 'HostError'…), shared by every copy of the class. */
  protected abstract readonly kind: string;
  get [BRAND](): string {
    return this.kind;
  }
}

/**
 * The store could not do what was asked. `SEQ_TAKEN` is the expected one: another append won the race. `LOCKED`:
 * another process holds the PGlite data folder (store/data-lock.ts).
 */
export class StoreError extends ServerError {
  override readonly name = 'StoreError';
  protected readonly kind = 'StoreError';
  constructor(
    readonly code: 'SEQ_TAKEN' | 'UNKNOWN_GAME' | 'DUPLICATE_GAME' | 'BAD_ROW' | 'LOCKED',
    message: string,
  ) {
    super(message);
  }
}

export type HostStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 421 | 422 | 429 | 500 | 502 | 503;

/** The request itself: its shape, size, origin or rate. */
const REQUEST_STATUS = {
  MALFORMED_REQUEST: 400,
  MALFORMED_URL: 400,
  MALFORMED_ID: 400,
  MISDIRECTED_REQUEST: 421,
  UNSTORABLE_VALUE: 400,
  BODY_TOO_LARGE: 413,
  JSON_REQUIRED: 415,
  UPLOAD_TYPE_REQUIRED: 415,
  CROSS_SITE_REQUEST: 403,
  RATE_LIMITED: 429,
  SERVER_BUSY: 503,
  CLIENT_STREAM_LIMIT: 429,
  GAME_STREAM_LIMIT: 429,
  SEAT_STREAM_LIMIT: 429,
  NAME_TOO_LONG: 400,
  NAME_HIDDEN_CHARACTER: 400,
  DUPLICATE_NAME: 400,
} as const satisfies Record<string, HostStatus>;
export type RequestCode = keyof typeof REQUEST_STATUS;

/** Who is asking: signed in, with the right token, wallet and seat. */
const ACCESS_STATUS = {
  SIGN_IN_REQUIRED: 401,
  BAD_SIGNATURE: 401,
  CHALLENGE_EXPIRED: 401,
  BAD_TOKEN: 403,
  TOKEN_REQUIRED: 403,
  BOT_SEAT: 403,
  NOT_YOUR_SEAT: 403,
  SEAT_LEFT: 403,
  SEAT_NOT_CLAIMED: 403,
  UNKNOWN_SEAT: 403,
  WRONG_WALLET: 403,
  SEAT_REQUIRED: 400,
  BAD_ADDRESS: 400,
  NOT_DEVNET: 404,
  LOOPBACK_ONLY: 403,
} as const satisfies Record<string, HostStatus>;
export type AccessCode = keyof typeof ACCESS_STATUS;

/** The game asked for: it exists, the move is not stale, its record reads back. */
const GAME_STATUS = {
  UNKNOWN_GAME: 404,
  STALE: 409,
  GAME_NOT_OVER: 409,
  PLAYERS_FROM_SEATS: 400,
  BOARD_TWICE: 400,
  BAD_BOARD: 422,
  UNSUPPORTED_VERSION: 422,
  CORRUPT_LOG: 500,
  REPLAY_FAILED: 500,
  CHAIN_ONLINE_ONLY: 400,
  CHAIN_POLE_ONLY: 400,
  STUDIO_POLE_ONLY: 400,
  GRACE_ONLINE_ONLY: 400,
  GAME_OVER: 409,
  SEAT_NOT_TAKEN_OVER: 409,
  BAD_CONTRIBUTION: 400,
  CHAIN_REGISTERED: 409,
  NOT_FAIR: 409,
  GAME_WAITING: 409,
  NOT_WAITING: 409,
} as const satisfies Record<string, HostStatus>;
export type GameCode = keyof typeof GAME_STATUS;

/** An on-chain game's chain side: the contract, the bank, the seats' wallets, Tezos answering. */
const CHAIN_GAME_STATUS = {
  NOT_ON_CHAIN: 404,
  ADDRESS_IN_GAME: 409,
  SEAT_CLAIMED: 409,
  CHAIN_NOT_READY: 409,
  CHAIN_REJECTED: 422,
  CHAIN_BAD_BOARD: 422,
  CHAIN_BOT_LIMIT: 429,
  CHAIN_GAME_LIMIT: 429,
  DEPOSIT_REQUIRED: 402,
  DEPOSIT_TOO_SMALL: 402,
  DEPOSIT_NOT_YOURS: 403,
  DEPOSIT_UNKNOWN: 404,
  DEPOSIT_PENDING: 409,
  DEPOSIT_USED: 409,
  DEPOSIT_FAILED: 422,
  BANK_LOW: 503,
  CHAIN_MOVED: 503,
  CHAIN_NOT_CONFIGURED: 503,
  CHAIN_PAUSED: 503,
  CHAIN_SETUP: 503,
  CHAIN_UNAVAILABLE: 503,
  BAD_OP_HASH: 400,
  CHAIN_REFUSED_LATER: 502,
} as const satisfies Record<string, HostStatus>;
export type ChainGameCode = keyof typeof CHAIN_GAME_STATUS;

/** The studio's pieces, boards and lab, and the tokens they feature. */
const STUDIO_STATUS = {
  BAD_CONTRACT_ADDRESS: 400,
  BAD_TOKEN_ID: 400,
  TOKEN_NOT_FOUND: 404,
  NOT_TOKEN_CREATOR: 403,
  NOT_YOUR_BOARD: 403,
  NOT_YOUR_PIECE: 403,
  BOARD_NOT_FOUND: 404,
  PIECE_NOT_FOUND: 404,
  BAD_BOARD_REQUEST: 422,
  BAD_IMAGE: 422,
  // An uploaded image file (studio/images.ts): its format, size, dimensions, or bytes that do not decode.
  IMAGE_TYPE: 400,
  IMAGE_TOO_LARGE: 400,
  IMAGE_DIMENSIONS: 400,
  IMAGE_CORRUPT: 400,
  IMAGE_LOCATION: 400,
  BAD_LAB_OPTIONS: 422,
  BAD_PIECE: 422,
  DUPLICATE_PIECE: 422,
  UNKNOWN_PIECE: 422,
  UNVERIFIED_BOARD: 422,
  UNVERIFIED_PIECE: 422,
  LAB_RUNNING: 409,
  STUDIO_QUOTA: 409,
  INDEXER_UNAVAILABLE: 503,
} as const satisfies Record<string, HostStatus>;
export type StudioCode = keyof typeof STUDIO_STATUS;

/** The table's chat: who may post what, when. A flood is RequestError RATE_LIMITED. */
const CHAT_STATUS = {
  CHAT_ONLINE_ONLY: 400,
  CHAT_CLOSED: 409,
  SPECTATOR_CANNOT_CHAT: 403,
  SEAT_MUTED: 403,
  NOT_GAME_HOST: 403,
  MESSAGE_EMPTY: 400,
  MESSAGE_TOO_LONG: 400,
  CONTROL_CHARACTERS: 400,
  UNKNOWN_EMOTE: 400,
} as const satisfies Record<string, HostStatus>;
export type ChatCode = keyof typeof CHAT_STATUS;

/** Who sits at a table: joining a rematch or a public game from the lobby. */
const TABLE_STATUS = {
  SPECTATOR_CANNOT_JOIN: 403,
  REMATCH_SEAT_LEFT: 409,
  SEAT_JOINED: 409,
  NOT_IN_LOBBY: 404,
  LOBBY_ONLINE_ONLY: 400,
  WAITING_ONLINE_ONLY: 400,
  SEAT_TAKEN: 409,
  NO_FREE_SEAT: 409,
  UNKNOWN_ROOM: 404,
  NOT_HOST: 403,
  SEATS_FREE: 409,
  // A GameError's code too, with the same status (the later table would win).
  GAME_OVER: 409,
} as const satisfies Record<string, HostStatus>;
export type TableCode = keyof typeof TABLE_STATUS;

/** Players, ratings and leaderboards (server/ratings): which game, which page, which player, what name. */
const RATING_STATUS = {
  UNKNOWN_BOARD: 404,
  BAD_PAGE: 400,
  BAD_PLAYER_ADDRESS: 400,
  NAME_EMPTY: 400,
  NAME_TAKEN: 409,
  NAME_CHANGED_RECENTLY: 429,
} as const satisfies Record<string, HostStatus>;
export type RatingCode = keyof typeof RATING_STATUS;

/** Content by CID from the app's IPFS node (its gateway): what it holds, checked against the CID. */
const CONTENT_STATUS = {
  BAD_CID: 400,
  CONTENT_NOT_HELD: 404,
  CONTENT_CORRUPT: 502,
} as const satisfies Record<string, HostStatus>;
export type ContentCode = keyof typeof CONTENT_STATUS;

/** The server could not serve: its database is locked, down or failing, or a balance lab worker failed. */
const SERVICE_STATUS = {
  LAB_FAILED: 500,
  STORE_FAILED: 500,
  STORE_LOCKED: 503,
  STORE_UNAVAILABLE: 503,
} as const satisfies Record<string, HostStatus>;
export type ServiceCode = keyof typeof SERVICE_STATUS;

export type HostErrorCode =
  | RequestCode
  | AccessCode
  | GameCode
  | ChainGameCode
  | StudioCode
  | ServiceCode
  | ChatCode
  | TableCode
  | ContentCode
  | RatingCode;

/** The one place a refusal's HTTP status is chosen: each branch's codes above, in one table. */
export const HTTP_STATUS: Readonly<Record<HostErrorCode, HostStatus>> = {
  ...REQUEST_STATUS,
  ...ACCESS_STATUS,
  ...GAME_STATUS,
  ...CHAIN_GAME_STATUS,
  ...STUDIO_STATUS,
  ...CHAT_STATUS,
  ...TABLE_STATUS,
  ...SERVICE_STATUS,
  ...CONTENT_STATUS,
  ...RATING_STATUS,
};

/** An engine's refusal: a malformed action is a bad request; any other broken rule an unprocessable one. */
export const ruleStatus = (code: string): HostStatus => (code === 'MALFORMED_ACTION' ? 400 : 422);

/** A request the host refused; nothing was changed. `code` is stable for clients; `status` follows from it. */
export abstract class HostError extends ServerError {
  protected readonly kind = 'HostError';
  constructor(
    message: string,
    readonly detail?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
  abstract get status(): HostStatus;
}

/** A host refusal whose code is in the table. */
abstract class TabledError<C extends HostErrorCode> extends HostError {
  constructor(
    readonly code: C,
    message: string,
    detail?: Readonly<Record<string, unknown>>,
  ) {
    super(message, detail);
  }
  get status(): HostStatus {
    return HTTP_STATUS[this.code];
  }
}

/** The class of a branch's refusals: named `name` (an error's name is what a log shows), coded from its branch. */
const refusalClass = <C extends HostErrorCode>(name: string) =>
  class extends TabledError<C> {
    override readonly name = name;
  };

export class RequestError extends refusalClass<RequestCode>('RequestError') {}
export class AccessError extends refusalClass<AccessCode>('AccessError') {}
export class GameError extends refusalClass<GameCode>('GameError') {}
export class ChainGameError extends refusalClass<ChainGameCode>('ChainGameError') {}
export class StudioError extends refusalClass<StudioCode>('StudioError') {}
export class ServiceError extends refusalClass<ServiceCode>('ServiceError') {}
export class ChatError extends refusalClass<ChatCode>('ChatError') {}
export class TableError extends refusalClass<TableCode>('TableError') {}
export class ContentError extends refusalClass<ContentCode>('ContentError') {}
export class RatingError extends refusalClass<RatingCode>('RatingError') {}

/** The engine refused a move or a game's set-up, in its own words and code (NOT_YOUR_TURN, BAD_CONFIG…). */
export class RuleRefusal extends HostError {
  override readonly name = 'RuleRefusal';
  constructor(
    readonly code: string,
    message: string,
    detail?: Readonly<Record<string, unknown>>,
  ) {
    super(message, detail);
  }
  get status(): HostStatus {
    return ruleStatus(this.code);
  }
}

export const isStoreError = (err: unknown): err is StoreError =>
  err instanceof StoreError || branded(err, 'StoreError');
export const isHostError = (err: unknown): err is HostError => err instanceof HostError || branded(err, 'HostError');

/** The error body and status a route handler answers with; anything unexpected becomes an opaque 500. */
export function errorResponse(err: unknown): { status: number; body: { error: string; message: string } } {
  if (isHostError(err)) return { status: err.status, body: { error: err.code, message: err.message } };
  return { status: 500, body: { error: 'INTERNAL', message: 'the server failed; nothing was applied' } };
}
