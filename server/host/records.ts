import { FAIR_SCHEME, seedCommitment, stateHash, type GameRecord } from '../../engine';
import { GameError, isHostError } from '../errors';
import type { MyGame, MyGamesResponse, SeatInfo } from '../protocol';
import type { RequestContext } from './access';
import { pendingSeats, type LiveGame } from './live-game';
import { ABANDONED_AFTER_DAYS, type Moves } from './moves';
import { replayStep, rollFor, setupStored } from './replay';
import { heldHolder, holderKeys, stillHeld } from './seat-holders';
import type { HostShared } from './shared';
import { storeCall } from './store-call';
import { seatInfos } from './views';

/**
 * A game on the record route: the engine's record, its seats (names and kinds: the record alone would replay as
 * "Player 1", "Player 2"…) and, for an on-chain game, every operation hash.
 */
export type HostedRecord = GameRecord & {
  readonly seats: readonly SeatInfo[];
  readonly chain?: {
    readonly network: string;
    readonly contract: string;
    /** The game's id in the contract (its `games` and `seed_commits` keys). */
    readonly gameId: string;
    readonly operations: readonly {
      kind: string;
      seq: number | null;
      seat: number | null;
      opHash: string;
      level: number | null;
      status: string;
    }[];
    /** The game's tokens: each tile's token id and where its metadata lives (`npm run verify` checks both). */
    readonly tokens: readonly { tile: number; tokenId: string | null; metadataUri: string | null }[];
  };
};

export interface RecordsDeps extends Pick<HostShared, 'games' | 'chain' | 'holders'> {
  readonly moves: Moves;
}

/**
 * What a game leaves behind: its record (replayable anywhere, and in a provably fair game proving every roll), the
 * hash of where it stands, and the list of games a browser or a wallet holds a seat in ("My games").
 */
export class Records {
  constructor(private readonly deps: RecordsDeps) {}

  /**
   * The game record (replayable anywhere with the engine's `replay`), whether or not the game is over: for server-side
   * callers only (tests, benchmarks), as it holds the seed and every sealed bid. Routes answer `publishedRecord`.
   * @throws HostError 404
   */
  async record(id: string): Promise<HostedRecord> {
    const live = await this.deps.games.live(id);
    const { game, version, config, seed } = live.row;
    const record: HostedRecord = {
      game,
      version,
      config,
      seed,
      ...this.provenActions(live),
      finalHash: stateHash(live.state),
      seats: seatInfos(live.row),
    };
    if (!this.deps.chain?.isOnChain(id)) return record;
    const info = await this.deps.chain.info(id);
    const operations = [...info.ops, ...info.seedOps].flatMap((o) =>
      o.opHash ? [{ kind: o.kind, seq: o.seq, seat: o.seat, opHash: o.opHash, level: o.level, status: o.status }] : [],
    );
    const tokens = info.pieces.map(({ tile, tokenId, metadataUri }) => ({ tile, tokenId, metadataUri }));
    return { ...record, chain: { network: info.network, contract: info.contract, gameId: id, operations, tokens } };
  }

  /**
   * The record the record route answers: only once the game is over. Before, its seed would predict every
   * roll and draw and its actions would show sealed bids, to anyone with the game's id — so, as on Board Game Arena,
   * a game's replay opens when it ends; until then each seat has its own view and the game's events.
   * @throws HostError 404, 409 GAME_NOT_OVER
   */
  async publishedRecord(id: string): Promise<HostedRecord> {
    const live = await this.deps.games.live(id);
    await this.deps.moves.abandonIfIdle(live);
    if (!live.row.finished) {
      throw new GameError(
        'GAME_NOT_OVER',
        `the game record (its seed and every move) is published once the game is over, or once nobody has moved for ${ABANDONED_AFTER_DAYS} days`,
      );
    }
    return this.record(id);
  }

  /** The hash of the current state and its seq: equal on every instance and after a restart (engine `stateHash`). */
  async stateHash(id: string): Promise<{ seq: number; hash: string }> {
    const live = await this.deps.games.live(id);
    return { seq: live.seq, hash: stateHash(live.state) };
  }

  /**
   * Every game this browser or the signed-in wallet holds a seat in, with whose turn it is: "your turn" first, then
   * running, then finished, most recent first within each (`/games`).
   */
  async myGames(context: RequestContext): Promise<MyGamesResponse> {
    const held = await storeCall(() => this.deps.holders.held(holderKeys(context)));
    const games: MyGame[] = [];
    for (const gameId of new Set(held.map((h) => h.gameId))) {
      const live = await this.deps.games.live(gameId).catch((err: unknown) => {
        // A game of an engine version this server no longer plays: the rest of the list still shows.
        if (isHostError(err) && err.code === 'UNSUPPORTED_VERSION') return null;
        throw err;
      });
      if (!live) continue;
      const mine = held.filter((h) => h.gameId === gameId && stillHeld(live.row, h));
      if (mine.length === 0) continue;
      const holder = heldHolder(live.row, mine, undefined);
      const seat = holder.kind === 'seat' ? holder.seat : null;
      const over = live.kit.definition.outcome(live.state) !== null;
      const pending = over ? [] : [...new Set(pendingSeats(live))];
      const humans = live.row.seats.flatMap((s, i) => (s.kind === 'human' && !s.botTakeover ? [i] : []));
      const waitsForMe =
        holder.kind === 'host' ? pending.some((p) => humans.includes(p)) : seat !== null && pending.includes(seat);
      games.push({
        id: gameId,
        game: live.row.game,
        mode: live.row.mode,
        seat,
        seatName: seat === null ? 'Host' : (live.row.seats[seat]?.name ?? `Seat ${seat + 1}`),
        turn: pending.map((p) => live.row.seats[p]?.name ?? `Seat ${p + 1}`),
        yourTurn: waitsForMe,
        finished: over,
        createdAt: live.row.createdAt.getTime(),
      });
    }
    const rank = (g: MyGame) => (g.yourTurn ? 0 : g.finished ? 2 : 1);
    games.sort((a, b) => rank(a) - rank(b) || b.createdAt - a.createdAt);
    return { games };
  }

  /**
   * A record's actions, and in a provably fair game what proves them: the seed's commitment, the seats'
   * chains, and with each action its link, the roll it was reseeded with and the hash of the state after it — so
   * `npm run verify` names the first roll or action that disagrees.
   */
  private provenActions(live: LiveGame): Pick<GameRecord, 'actions' | 'fair'> {
    const { row } = live;
    if (!row.fair) return { actions: live.log.map(({ seat, action }) => ({ seat, action })) };
    let state = setupStored(row);
    const actions = live.log.map(({ seat, action, contribution }, i) => {
      const roll = rollFor(row, i + 1, contribution)!;
      state = replayStep(row, state, { seq: i + 1, seat, action, contribution }).state;
      return { seat, action, contribution: contribution ?? null, roll, hash: stateHash(state) };
    });
    const chains = live.fair.list().map(({ seat, head, at }) => ({ seat, head, at }));
    return { actions, fair: { scheme: FAIR_SCHEME, gameId: row.id, commitment: seedCommitment(row.seed), chains } };
  }
}
