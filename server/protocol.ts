/**
 * The contract between browsers and the game server (ARCHITECTURE.md "Hosting"): request bodies are validated with
 * these zod schemas at the route handlers; responses and Server-Sent Events carry the shapes below.
 *
 * Routes (all JSON unless said otherwise):
 * - `POST /api/games` — body CreateGameRequest → 201 CreateGameResponse; 400 malformed, a seat's name longer than 24
 *   characters (NAME_TOO_LONG) or another seat's (DUPLICATE_NAME); 422 the engine refuses the config;
 *   an on-chain game needs a signed-in wallet (401 SIGN_IN_REQUIRED), within its limits (429 CHAIN_GAME_LIMIT |
 *   CHAIN_BOT_LIMIT) and the bank's balance (503 BANK_LOW).
 * - Creating games, actions and balance labs are rate-limited per client and per signed-in wallet: 429 RATE_LIMITED
 *   with `Retry-After` (seconds), nothing done.
 * - `GET /api/games/:id?token=T[&seat=S]` → 200 GameSnapshot for the token's seat (a hot-seat host token acts for
 *   every human seat: `seat` picks whose view; an online game's host token and no token = spectator); 404 unknown game;
 *   403 bad token, or a `seat` the token does not hold (NOT_YOUR_SEAT).
 * - `POST /api/games/:id/actions` — body ActionRequest → 200 ActionResponse; 400 malformed body; 403 bad token or a seat
 *   the token does not hold (online, only a seat's own invite token plays it); 409 stale `seq` (another action landed
 *   first — nothing applied); 422 the engine's RuleError `{ error: code, message }`.
 * - `GET /api/games/:id/events?token=T[&seat=S]` — `text/event-stream`; one `update` event per applied action with
 *   `id: seq` and data GameUpdate for that seat; `Last-Event-ID` (or `?after=seq`) resumes without a gap. Resuming
 *   from before the game's newest stored snapshot, a `snapshot` event (data GameSnapshot, `id` its seq) comes first,
 *   then the updates after it. A finished game's stream ends after its backlog; with nothing left, 204 (EventSource
 *   stops). 429 GAME_STREAM_LIMIT | CLIENT_STREAM_LIMIT: too many live streams on the game or from the client.
 * - `GET /api/games/:id/record` → the game record `{game, version, config, seed, actions}` (replayable anywhere) and its
 *   `seats` (names and kinds, so a saved file replays with them) once the game is over; 409 GAME_NOT_OVER before (its
 *   seed predicts every roll and draw, its actions hold sealed bids).
 * - `POST /api/games/:id/leave` — body `{ token, seat? }` → 204: a human seat leaves and its bot plays on; 403
 *   NOT_YOUR_SEAT for a `seat` the token does not hold (also on the chain claim and approval routes).
 * - `POST /api/games/:id/rejoin` — body `{ token, seat? }` → 204: the seat's person takes it back from its bot;
 *   403 NOT_YOUR_SEAT; 409 GAME_OVER | SEAT_NOT_TAKEN_OVER. The stream's `seats` event (SeatsUpdate)
 *   tells everyone, and whenever a seat connects or goes away (`presence`, `graceUntil` in SeatInfo).
 * - `POST /api/games/:id/chat` — body ChatRequest (a seat's invite token, a message or an emote) → 201 ChatEntry, and
 *   a `chat` event on the game's stream (`id: seq.n`, so Last-Event-ID resumes both). Online games only (400
 *   CHAT_ONLINE_ONLY), until the game is over (409 CHAT_CLOSED); 403 SPECTATOR_CANNOT_CHAT | SEAT_MUTED | SEAT_LEFT;
 *   400 MESSAGE_EMPTY | MESSAGE_TOO_LONG | CONTROL_CHARACTERS | UNKNOWN_EMOTE; 429 RATE_LIMITED (per client, wallet
 *   and seat). Chat is no part of the game record. `POST /api/games/:id/chat/mute` — body MuteRequest with the
 *   game's host token → 201 ChatEntry (a `mute` entry everyone sees); 403 NOT_GAME_HOST.
 * - Seats held by a browser or a wallet ("My games"): `POST /api/games/:id/seat` — body `{ token }` (an
 *   invite or host token, never in a URL) → 200 HeldSeatResponse; the browser's httpOnly `tp_browser` cookie (and
 *   the signed-in wallet) then hold the seat, and every route above takes no token: an explicit token, else the
 *   browser's held seat, else the wallet's. 400 a malformed token, 403 BAD_TOKEN. `DELETE /api/games/:id/seat` →
 *   204: forgets it. `GET /api/games/mine` → MyGamesResponse: every game this browser or wallet holds a seat in.
 * - `POST /api/games/:id/rematch` — body RematchRequest (a seat's invite token, or the hot-seat host's) → 200
 *   JoinedSeat: the finished game's rematch, made on the first ask, and the asker's seat in it. 409
 *   GAME_NOT_OVER | REMATCH_SEAT_LEFT (the seat left: its bot plays it) | SEAT_JOINED; 403 SPECTATOR_CANNOT_JOIN; 429
 *   RATE_LIMITED (joins per client). `GET` the same path → `{ id }` (null until someone asked): the game-over screen
 *   polls it. A finished game's snapshot carries it as `rematch`.
 * - `GET /api/lobby` → `{ games: LobbyGame[] }`: public running games with a free human seat. `POST /api/lobby/join`
 *   — body LobbyJoinRequest → 200 JoinedSeat (the seat's invite minted anew); 404 UNKNOWN_GAME | NOT_IN_LOBBY; 409
 *   GAME_OVER | SEAT_TAKEN | NO_FREE_SEAT; 400 NAME_TOO_LONG | DUPLICATE_NAME; 429 RATE_LIMITED. A game is public
 *   with `public: true` at creation (online only: 400 LOBBY_ONLINE_ONLY).
 */
import { z } from 'zod';
import type { Decision, FAIR_SCHEME, GameEvent, GameId, Outcome, SeatId } from '../engine';
import { plainText } from '../engine/core/text';

/** A Tezos operation hash, as wallets and the node give it: `o` and 50 base58 characters. */
export const OPERATION_HASH = /^o[1-9A-HJ-NP-Za-km-z]{50}$/;

/**
 * The longest time a seat may have for one decision (seconds): a week, for turn-based play among friends who do not
 * play at once; live tables use seconds or minutes.
 */
export const TURN_SECONDS_MAX = 7 * 86_400;

/** An online seat's grace period by default, and the longest one a game may ask for (seconds). */
export const GRACE_DEFAULT = 60;
export const GRACE_MAX = 1800;

/** The bots' levels, named so everywhere: easy (random moves), normal (the heuristic), strong (a search). */
export const BOT_LEVELS = ['easy', 'normal', 'strong'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/** The names the levels had before (requests, stored games and exported records may still use them). */
const LEVEL_ALIASES = { random: 'easy', heuristic: 'normal' } as const satisfies Record<string, BotLevel>;

/** A seat: a person's, or a bot's of one level; the levels' old names are read as the levels they became. */
export const seatKindSchema = z
  .enum(['human', ...BOT_LEVELS, ...(Object.keys(LEVEL_ALIASES) as (keyof typeof LEVEL_ALIASES)[])], {
    error: 'a seat is "human" or a bot of level "easy", "normal" or "strong"',
  })
  .transform(
    (kind) => (kind in LEVEL_ALIASES ? LEVEL_ALIASES[kind as keyof typeof LEVEL_ALIASES] : kind) as 'human' | BotLevel,
  );

/** More options than any game has (Gotopoly's 16): a request cannot make the engine list a million unknown keys. */
const MAX_OPTIONS = 32;
export type SeatKind = z.infer<typeof seatKindSchema>;

export const createGameRequestSchema = z
  .object({
    game: z.enum(['pole', 'gotopoly', 'ten']),
    /** The game's options without `players` (the seats decide it); validated by the engine's setup. */
    options: z
      .record(plainText(z.string().max(64)), z.unknown())
      .refine((o) => Object.keys(o).length <= MAX_OPTIONS, `at most ${MAX_OPTIONS} options`)
      .default({}),
    seats: z
      // A name longer than SEAT_NAME_MAX, or another seat's, is refused with its own code (new-game.ts); this
      // bound only keeps a request from carrying a novel as a name.
      .array(z.object({ kind: seatKindSchema, name: plainText(z.string().trim().min(1).max(256)) }).strict())
      .min(1)
      .max(6),
    /** Omitted: the server draws one. */
    seed: plainText(z.string().min(1).max(64)).optional(),
    /** Hot-seat: one browser holds every human seat. Online: one invite link per human seat. */
    mode: z.enum(['hotseat', 'online']).default('hotseat'),
    /** Seconds a human seat has per decision before the default (NMR) action plays; null = no timer. */
    turnSeconds: z.number().int().min(5).max(TURN_SECONDS_MAX).nullable().optional(),
    /**
     * Online: seconds a human seat whose last connection closed keeps its place before its bot plays for it (0: at
     * once). Omitted: GRACE_DEFAULT online; refused in hot-seat (GRACE_ONLINE_ONLY).
     */
    graceSeconds: z.number().int().min(0).max(GRACE_MAX).optional(),
    /** Milliseconds between two bot actions, so people can follow them. */
    botPaceMs: z.number().int().min(0).max(10_000).default(400),
    /**
     * Tezos Pole on a board built in the artist studio, by its id: the server takes its tiles — the works' creators
     * (royalty receivers), images and original tokens — from its own store, never from the request, so nobody can
     * credit a work to a wallet that did not feature it, and a request never carries a board's art.
     */
    studioBoard: plainText(z.string().min(1).max(64)).optional(),
    /**
     * Tezos Pole on-chain (online mode only): the tiles are FA2 tokens, each seat plays with a wallet, holdings are
     * read from the chain (P13). `depositOp`: the hash of the creator's transfer to the bank that pays for the game
     * beyond the bank's daily allowance (its unused rest is returned at the end).
     */
    onChain: z
      .object({ depositOp: z.string().regex(OPERATION_HASH, 'an operation hash (o…, 51 characters)').optional() })
      .strict()
      .optional(),
    /** An online game listed in the lobby while it waits with free human seats; private by default. */
    public: z.boolean().default(false),
    /**
     * Online: the game waits for its people (a waiting room, one room link) and nothing moves until its host starts
     * it — or, with `autoStart` (the default), until every human seat is taken. A public game always waits.
     * Omitted: it starts as it is created.
     */
    waitingRoom: z
      .object({ autoStart: z.boolean().default(true) })
      .strict()
      .optional(),
  })
  .strict();
export type CreateGameRequest = z.input<typeof createGameRequestSchema>;

/** `POST /api/chain/deposits`: the signed-in wallet's transfer to the bank, just injected. */
export const depositRequestSchema = z
  .object({ opHash: z.string().regex(OPERATION_HASH, 'an operation hash (o…, 51 characters)') })
  .strict();

export interface SeatInfo {
  readonly seat: SeatId;
  readonly name: string;
  readonly kind: SeatKind;
  /** A human seat that has left (or timed out for good) is played by its bot. */
  readonly botTakeover: boolean;
  /**
   * Online human seats only (null: a bot's seat, or hot-seat; absent: a saved record's seats): connected
   * while at least one of the seat's event streams is open (several tabs count once), else away.
   */
  readonly presence?: Presence | null;
  /** An away seat in its grace period: when its bot takes over (ms since epoch); null otherwise. */
  readonly graceUntil?: number | null;
  /** A waiting game's human seat (only then): someone has taken it (their link opened, or they joined). */
  readonly taken?: boolean;
}

export type Presence = 'connected' | 'away';

/** A seat's change the log tells: its grace ended (`away`), it left, or its person took it back. */
export type SeatMarkKind = 'away' | 'left' | 'back';

/**
 * The server's own event, like TimedOutEvent kept out of the game record: a seat's bot took over or its
 * person took it back. It follows the events of the action that was the last one then; `n` numbers the game's marks
 * from 1, so a stream that repeats one adds it once.
 */
export interface SeatMarkEvent extends GameEvent {
  readonly type: 'seatMark';
  readonly n: number;
  readonly seat: SeatId;
  readonly mark: SeatMarkKind;
}

/**
 * An SSE `seats` event: who is connected changed, or a seat's bot took over or was sent away. `marks` are
 * every SeatMarkEvent of the game (a few): one the reader has is known by its `n`.
 */
export interface SeatsUpdate {
  readonly seats: readonly SeatInfo[];
  readonly marks: readonly SeatMarkEvent[];
  /** The game still waits for its people (nothing moves); false once it has started. */
  readonly waiting: boolean;
}

export interface CreateGameResponse {
  readonly id: string;
  /** A waiting game's room link (anyone with it picks a free seat); null for a game that does not wait. */
  readonly roomPath: string | null;
  readonly seats: readonly SeatInfo[];
  /** Hot-seat: acts for every human seat; keep it secret. Online: a spectator's (each seat plays with its invite). */
  readonly hostToken: string;
  /** Online mode: one secret link per human seat. */
  readonly invites: readonly { readonly seat: SeatId; readonly token: string; readonly path: string }[];
  /** Read-only. */
  readonly spectatorPath: string;
}

/** A seat's secret as requests carry it. */
export const tokenSchema = plainText(z.string().min(1).max(128));

export const actionRequestSchema = z
  .object({
    /** Optional: without it, the seat this browser or wallet holds (`POST /api/games/:id/seat`). */
    token: tokenSchema.optional(),
    seat: z.number().int().min(0).max(5),
    /** The `seq` of the state the seat acted on. */
    seq: z.number().int().min(0),
    action: z.unknown(),
    /** A provably fair game: the next link of the seat's hash chain, mixed into this action's roll. */
    contribution: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'a link is 32 bytes of lowercase hex')
      .optional(),
  })
  .strict();
export type ActionRequest = z.infer<typeof actionRequestSchema>;

/** `POST /api/games/:id/links`: a seat registers its hash chain's head, once, before its links count. */
export const chainRequestSchema = z
  .object({
    token: tokenSchema.optional(),
    seat: z.number().int().min(0).max(5),
    head: z.string().regex(/^[0-9a-f]{64}$/, 'a chain head is 32 bytes of lowercase hex'),
  })
  .strict();
export type ChainRequest = z.infer<typeof chainRequestSchema>;

/** A seat's registered chain: its head, the seq the game was at then, and how many links it has given since. */
export interface FairChainInfo {
  readonly seat: SeatId;
  readonly head: string;
  readonly at: number;
  readonly used: number;
}

/**
 * A provably fair game (FAIRNESS.md): every action's roll mixes the committed seed with the acting seat's
 * link. Null in a plain-seed game (hot-seat, or a seed its creator typed): the seed alone decides, and the host knows it.
 */
export interface FairInfo {
  readonly scheme: typeof FAIR_SCHEME;
  readonly commitment: string;
  readonly chains: readonly FairChainInfo[];
}

export interface ActionResponse {
  readonly seq: number;
}

/** The chat's emotes: a small fixed set, so an emote is a word the UI draws, never text to escape. */
export const EMOTES = ['wave', 'gg', 'laugh', 'wow', 'think', 'oops'] as const;
export type Emote = (typeof EMOTES)[number];

/** The longest chat message, in characters (Unicode code points, after trimming). */
export const CHAT_MAX_LENGTH = 280;

/** The chat entries a snapshot carries: the most recent ones (a refresh shows them). */
export const CHAT_RECENT = 100;

/**
 * A chat post. `text` is checked by the host (length, control characters) so each refusal has its own code; this
 * schema only bounds it by the body limit.
 */
export const chatRequestSchema = z
  .object({
    token: tokenSchema.optional(),
    text: z
      .string()
      .max(64 * 1024)
      .optional(),
    emote: z.string().max(64).optional(),
  })
  .strict()
  .refine((r) => (r.text === undefined) !== (r.emote === undefined), 'send either `text` or `emote`');
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** The host of an online game (its creator's host token) mutes or unmutes a seat's chat. */
export const muteRequestSchema = z
  .object({ token: tokenSchema.optional(), seat: z.number().int().min(0).max(5), muted: z.boolean() })
  .strict();
export type MuteRequest = z.infer<typeof muteRequestSchema>;

/**
 * One entry of a game's chat, numbered from 1 per game (`n`): a seat's message or emote, or the host muting (or
 * unmuting) `seat`. `at`: ms since epoch.
 */
export type ChatEntry =
  | { readonly n: number; readonly at: number; readonly seat: SeatId; readonly kind: 'text'; readonly text: string }
  | { readonly n: number; readonly at: number; readonly seat: SeatId; readonly kind: 'emote'; readonly emote: Emote }
  | { readonly n: number; readonly at: number; readonly seat: SeatId; readonly kind: 'mute'; readonly muted: boolean };

/** An online game's chat as one reader sees it. */
export interface ChatView {
  /** The most recent entries (at most CHAT_RECENT), in order. */
  readonly entries: readonly ChatEntry[];
  /** The newest entry's `n` (0: none yet): the stream resumes the chat after it. */
  readonly last: number;
  readonly muted: readonly SeatId[];
  /** This reader may post (a seat's own token, not muted, the game not over). */
  readonly mayPost: boolean;
  /** This reader is the game's host (its creator's token): it may mute seats. */
  readonly mayMute: boolean;
}

/** What one seat (or a spectator) knows of a game at `seq`. */
export interface GameSnapshot {
  readonly id: string;
  readonly game: GameId;
  readonly seq: number;
  readonly seats: readonly SeatInfo[];
  /** The seat this snapshot is for; null for a spectator. */
  readonly seat: SeatId | null;
  /** What the token holds: every human seat (the hot-seat host token), one seat, or nothing (a spectator, the online host). */
  readonly access: 'host' | 'seat' | 'spectator';
  /** A Tezos Pole game played on Tezos: its chain status is at `GET /api/games/:id/chain`. */
  readonly onChain: boolean;
  /** The engine's view for that seat (hidden information removed). */
  readonly view: unknown;
  readonly pending: readonly Decision[];
  /** Legal actions of `seat` now (empty when it has nothing to decide). */
  readonly legal: readonly unknown[];
  /** Every event so far, in order (events carry no hidden information), with the server's TimedOutEvent marks. */
  readonly events: readonly GameEvent[];
  readonly outcome: Outcome | null;
  /** When the pending human decision times out (ms since epoch), if a timer runs. */
  readonly deadline: number | null;
  /** The commitment to the seed (engine `seedCommitment`), from the start: the seed fixes every roll and draw. */
  readonly seedCommitment: string;
  /** The seed once the game is over, to check against `seedCommitment`; null before (it would predict the game). */
  readonly seed: string | null;
  /** Provably fair, or null: a plain-seed game. */
  readonly fair: FairInfo | null;
  /** An online game's chat; null in hot-seat, where everyone shares one device. */
  readonly chat: ChatView | null;
  /** The id of this finished game's rematch once someone asked for it, else null. */
  readonly rematch: string | null;
  /** A game waiting for its people (nothing moves until it starts), else null. */
  readonly waitingRoom: WaitingRoomView | null;
}

/** `POST /api/games/:id/links`: the chain as registered. */
export interface ChainResponse {
  readonly seat: SeatId;
  readonly head: string;
  readonly at: number;
}

/**
 * The server's own event: it comes just before the `events` events of a move the server made for a human
 * seat whose turn timer ran out (the rules' default move), so that every log tells it from the player's own move.
 */
export interface TimedOutEvent extends GameEvent {
  readonly type: 'timedOut';
  readonly seat: SeatId;
  readonly events: number;
}

/**
 * One SSE `update`: the snapshot's fields a move changes, where `events` are only those of the action(s) since the
 * previous update and `seed` is set in the update that ends the game.
 */
export type GameUpdate = Pick<
  GameSnapshot,
  'seq' | 'view' | 'pending' | 'legal' | 'events' | 'outcome' | 'deadline' | 'seats' | 'seed'
>;

/**
 * `POST /api/games/:id/rematch`: a seat of a finished game (its invite token) or the hot-seat host asks for
 * the rematch — created on the first ask, the same one for everyone after — and takes its own seat in it.
 */
/** The old game's seat: its token, else the one this browser or wallet holds. */
export const rematchRequestSchema = z.object({ token: tokenSchema.optional() }).strict();
export type RematchRequest = z.infer<typeof rematchRequestSchema>;

/**
 * A seat taken in a game (a rematch or a lobby join): its new invite token, minted now and never stored (the only
 * copy). The hot-seat host keeps its own token (`token` and `seat` null).
 */
export interface JoinedSeat {
  readonly id: string;
  readonly seat: SeatId | null;
  readonly token: string | null;
}

/** `POST /api/lobby/join`: a free seat of a listed game (the server picks one unless `seat` says), under `name` if given. */
export const lobbyJoinRequestSchema = z
  .object({
    game: plainText(z.string().min(1).max(64)),
    seat: z.number().int().min(0).max(5).optional(),
    // Checked like every seat's name (NAME_TOO_LONG, DUPLICATE_NAME); this only bounds it.
    name: plainText(z.string().max(200)).optional(),
  })
  .strict();
export type LobbyJoinRequest = z.infer<typeof lobbyJoinRequestSchema>;

/** `POST /api/rooms/:code/join`: a free seat of a waiting game, through its room link (as a lobby join). */
export const roomJoinRequestSchema = z
  .object({
    seat: z.number().int().min(0).max(5).optional(),
    name: plainText(z.string().max(200)).optional(),
  })
  .strict();

/** `POST /api/games/:id/start`: the host (its token, or the browser holding it) starts a waiting game. */
export const startRequestSchema = z
  .object({
    token: tokenSchema.optional(),
    /** Bots play the seats nobody has taken; without it, a free seat refuses the start (409 SEATS_FREE). */
    fillWithBots: z.boolean().default(false),
  })
  .strict();

/** `GET /api/rooms/:code`: what a room link opens on. */
export interface RoomInfo {
  readonly id: string;
  readonly game: GameId;
  /** Still waiting for its people: a free seat may be taken. */
  readonly waiting: boolean;
  readonly finished: boolean;
  readonly seats: LobbyGame['seats'];
}

/**
 * A waiting game's room as its snapshot tells it: whether it starts by itself, and — for its host and its seats, never
 * a spectator — the room link that seats newcomers; `mayStart`: this reader is the host.
 */
export interface WaitingRoomView {
  readonly autoStart: boolean;
  readonly roomPath: string | null;
  readonly mayStart: boolean;
}

/** One game of `GET /api/lobby`: a listed game, waiting (its free seats may be joined), playing or finished. */
export interface LobbyGame {
  readonly id: string;
  readonly game: GameId;
  readonly status: 'waiting' | 'playing' | 'finished';
  readonly seats: readonly {
    readonly seat: SeatId;
    readonly name: string;
    readonly kind: SeatKind;
    readonly free: boolean;
  }[];
  /** Its options in words ("turn timer 60 s", "startingTokens 3"…), the rules' defaults left out. */
  readonly options: readonly string[];
  /** Seconds since it was created, when the list was read. */
  readonly ageSeconds: number;
}

/** Error bodies: a stable code and a message for people. */
export interface ErrorBody {
  readonly error: string;
  readonly message: string;
}

/** `POST /api/games/:id/seat`: an invite (or host) token, handed over once in the body. */
export const holdSeatRequestSchema = z.object({ token: tokenSchema }).strict();

/** What the handed-over token holds, now held by this browser (and the signed-in wallet). */
export interface HeldSeatResponse {
  readonly access: 'host' | 'seat' | 'spectator';
  /** The seat (null: the host token). */
  readonly seat: SeatId | null;
}

/** One game of "My games" (`GET /api/games/mine`). */
export interface MyGame {
  readonly id: string;
  readonly game: GameId;
  readonly mode: 'hotseat' | 'online';
  /** The seat held; null: the host token (hot-seat: every human seat; online: the host's watch-and-mute link). */
  readonly seat: SeatId | null;
  /** The seat's name, or "Host". */
  readonly seatName: string;
  /** Whose decision the game waits for (names); empty once over. */
  readonly turn: readonly string[];
  /** The game waits for the held seat (or, for the hot-seat host, for any human seat). */
  readonly yourTurn: boolean;
  readonly finished: boolean;
  /** When the game was created (ms since epoch). */
  readonly createdAt: number;
}

/** "Your turn" first, then running, then finished; most recent first within each. */
export interface MyGamesResponse {
  readonly games: readonly MyGame[];
}
