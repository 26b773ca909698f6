import type { z } from 'zod';
import {
  describeSeatNameProblem,
  isEngineError,
  issueLines,
  normalSeatName,
  seatNameProblems,
  type SeatId,
} from '../../engine';
import { GameError, RequestError, RuleRefusal, StudioError, TableError } from '../errors';
import type { GameExtras } from '../chain/chain-games';
import { createGameRequestSchema, GRACE_DEFAULT, type CreateGameResponse } from '../protocol';
import type { NewGameRow } from '../store';
import { gameKits } from './game-kits';
import { creatorSeatTaken, NAME_CODES } from './tables';
import { hashToken, newGameId, newRoomCode, newSeed, newToken } from './tokens';

/** The page a game is played at; invite links add the seat, and its token in the fragment (never sent, never logged). */
export const gamePath = (id: string): string => `/play/${encodeURIComponent(id)}`;

const zodMessage = (issues: readonly { path: PropertyKey[]; message: string }[]): string =>
  issueLines(issues, '(body)').join('; ');

/** The request as `schema` reads it. @throws HostError 400 MALFORMED_REQUEST: `refusal`, then what the schema found */
export function parseRequest<T>(schema: z.ZodType<T>, request: unknown, refusal: string): T {
  const parsed = schema.safeParse(request);
  if (!parsed.success) throw new RequestError('MALFORMED_REQUEST', `${refusal}: ${zodMessage(parsed.error.issues)}`);
  return parsed.data;
}

export interface PreparedGame {
  /** What the store keeps: token hashes only. */
  readonly row: NewGameRow;
  /** The state at seq 0. */
  readonly state: unknown;
  /** The secrets, returned once to the creator and never stored. */
  readonly hostToken: string;
  readonly invites: CreateGameResponse['invites'];
  /**
   * An on-chain Tezos Pole game: the artists' wallets and images by tile id (a studio board's, else none), and the
   * creator's deposit that pays for it, if they named one.
   */
  readonly onChain: { readonly extras: GameExtras; readonly deposit?: string } | null;
}

export type ParsedGameRequest = z.output<typeof createGameRequestSchema>;

/** A board built in the artist studio, as the store keeps it: the only source of an on-chain board's artists. */
export interface StoredStudioBoard {
  readonly board: unknown;
  readonly extras: GameExtras;
}

/**
 * A name too long is refused, never cut, no two seats share a name (trimmed, whatever the case, width or look-alike
 * letters), and none hides an invisible character, so the log and the seat letters tell the players apart — the
 * same judgement as the new-game forms'.
 * @throws HostError 400 MALFORMED_REQUEST | NAME_TOO_LONG | DUPLICATE_NAME | NAME_HIDDEN_CHARACTER
 */
export function parseGameRequest(request: unknown): ParsedGameRequest {
  const parsed = parseRequest(createGameRequestSchema, request, 'not a game request');
  const names = parsed.seats.map((s) => s.name);
  const [problem] = seatNameProblems(names);
  if (problem) throw new RequestError(NAME_CODES[problem.kind], describeSeatNameProblem(problem, names));
  // Kept in one spelling (NFC): the same name typed on two devices is the same name.
  return { ...parsed, seats: parsed.seats.map((s) => ({ ...s, name: normalSeatName(s.name) })) };
}

/**
 * On-chain, a tile's creators are its token's creators and royalty receivers, so they come from a studio
 * board (whose pieces were checked when featured), never from a board in the request.
 * @throws HostError 422 UNVERIFIED_BOARD naming the first tile that claims creators or an original token.
 */
function refuseClaimedArtists(board: unknown): void {
  const tiles = (board as { tiles?: unknown } | null)?.tiles;
  if (!Array.isArray(tiles)) return;
  tiles.forEach((tile: unknown, i) => {
    const t = tile as { id?: unknown; creators?: unknown; origin?: unknown } | null;
    if (t && (t.creators !== undefined || t.origin !== undefined)) {
      throw new StudioError(
        'UNVERIFIED_BOARD',
        `tile ${i} "${String(t.id)}" names its creators or original token: an on-chain game takes its artists from a board built in the artist studio (start it from the board's page)`,
      );
    }
  });
}

/**
 * Validates a parsed create request and the engine config (players = the seats, the options merged in; a studio board
 * loaded by the caller), and draws the id, the seed (unless given) and the tokens.
 * @throws HostError 400 PLAYERS_FROM_SEATS | BOARD_TWICE | STUDIO_POLE_ONLY | CHAIN_POLE_ONLY | WAITING_ONLINE_ONLY | CHAIN_ONLINE_ONLY | GRACE_ONLINE_ONLY | LOBBY_ONLINE_ONLY, 422 UNVERIFIED_BOARD
 *   or the engine's ConfigError code
 */
export function prepareGame(req: ParsedGameRequest, studio: StoredStudioBoard | null = null): PreparedGame {
  if ('players' in req.options && req.options.players !== req.seats.length) {
    throw new GameError(
      'PLAYERS_FROM_SEATS',
      `the seats make ${req.seats.length} players; leave "players" out of the options`,
    );
  }
  // Hot-seat has one device for every seat: nobody connects or goes away.
  if (req.graceSeconds !== undefined && req.mode !== 'online')
    throw new GameError(
      'GRACE_ONLINE_ONLY',
      'a grace period is for online games: in hot-seat every seat plays on one device',
    );
  if (req.waitingRoom && req.mode !== 'online')
    throw new TableError(
      'WAITING_ONLINE_ONLY',
      'only an online game waits for its players: a hot-seat game is played on one device at once',
    );
  // The lobby hands out seats to people on their own devices: a hot-seat game has none to hand out.
  if (req.public && req.mode !== 'online')
    throw new TableError(
      'LOBBY_ONLINE_ONLY',
      'only an online game can be public: a hot-seat game is played on one device',
    );
  if (req.onChain && req.game !== 'pole') throw new GameError('CHAIN_POLE_ONLY', 'only Tezos Pole is played on-chain');
  // Each player signs with their own wallet, so an on-chain game is played online, one device per seat.
  if (req.onChain && req.mode !== 'online')
    throw new GameError('CHAIN_ONLINE_ONLY', 'an on-chain game is played online: each seat with its own wallet');
  if (req.studioBoard !== undefined && req.game !== 'pole')
    throw new GameError('STUDIO_POLE_ONLY', 'boards from the artist studio are Tezos Pole boards');
  if (studio && 'board' in req.options)
    throw new GameError('BOARD_TWICE', 'give the board either in the options or as studioBoard, not both');
  if (req.onChain && !studio) refuseClaimedArtists(req.options.board);
  const { definition } = gameKits[req.game];
  const config = {
    ...req.options,
    ...(studio ? { board: studio.board } : {}),
    players: req.seats.length,
    ...(req.onChain ? { onChainHoldings: true } : {}),
  };
  const seed = req.seed ?? newSeed();
  let state: unknown;
  try {
    state = definition.setup(config, seed);
  } catch (err) {
    if (isEngineError(err)) throw new RuleRefusal(err.code, err.message);
    throw err;
  }
  const room = req.waitingRoom ?? (req.public ? { autoStart: true } : null);
  const id = newGameId();
  const hostToken = newToken();
  const invites: { seat: SeatId; token: string; path: string }[] = [];
  const seats = req.seats.map((s, seat) => {
    const token = req.mode === 'online' && s.kind === 'human' ? newToken() : null;
    if (token) invites.push({ seat, token, path: `${gamePath(id)}?seat=${seat}#token=${token}` });
    return { name: s.name, kind: s.kind, tokenHash: token && hashToken(token), botTakeover: false };
  });
  const row: NewGameRow = {
    id,
    game: req.game,
    version: definition.version,
    config,
    seed,
    seats: req.public ? creatorSeatTaken(seats) : seats,
    hostTokenHash: hashToken(hostToken),
    mode: req.mode,
    turnSeconds: req.turnSeconds ?? null,
    botPaceMs: req.botPaceMs,
    graceSeconds: req.mode === 'online' ? (req.graceSeconds ?? GRACE_DEFAULT) : null,
    listed: req.public,
    studioBoard: req.studioBoard ?? null,
    // Provably fair when the seed is the server's own and each seat plays on its own device: a typed
    // seed is known to whoever typed it, and a hot-seat device holds every seat's chain.
    fair: req.mode === 'online' && req.seed === undefined,
    // A public game waits: the lobby offers its seats only while nothing has moved.
    ...(room ? { waiting: true, autoStart: room.autoStart, roomCode: newRoomCode() } : {}),
  };
  const onChain = req.onChain && {
    extras: studio?.extras ?? {},
    ...(req.onChain.depositOp === undefined ? {} : { deposit: req.onChain.depositOp }),
  };
  return { row, state, hostToken, invites, onChain: onChain || null };
}
