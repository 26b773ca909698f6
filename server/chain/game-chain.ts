/**
 * The chain side of each on-chain game this process follows: its `chain_games` row and bridge in memory, loaded
 * once, and written together with the row in the store only here, so the two never disagree.
 */
import type { PoleBridge, SeedReveal, TokenPlan } from '../../chain/pole-bridge';
import type { SeatId } from '../../engine';
import stableJson from 'safe-stable-stringify';
import { ChainGameError } from '../errors';
import type { ChainGameRow, ChainSeat, SeatApproval } from './chain-store';
import type { ChainRuntime } from './runtime';

/** A step waiting for the chain: the action, whose seat, the seq it applies on, and its link (FAIRNESS.md), if any. */
export interface KeptStep {
  readonly seat: SeatId;
  readonly action: unknown;
  readonly baseSeq: number;
  readonly contribution?: string | null;
}

/** Why a game waits, what for since when, and when it is tried again. */
export interface Pause {
  readonly code: string;
  readonly reason: string;
  readonly retryAt: number;
  readonly attempts: number;
}

export interface GameChain {
  row: ChainGameRow;
  bridge: PoleBridge;
  setupError: string | null;
  setupRunning: boolean;
  pause: Pause | null;
  kept: KeptStep | null;
  /** Cancels the planned retry of the kept step, if any. */
  timer: (() => void) | null;
  /** Approvals being looked for, by seat. */
  readonly verifying: Set<number>;
  /** Closing the game on-chain: running, and the retries after the chain did not answer. */
  closing: { running: boolean; attempts: number; timer: (() => void) | null };
  /** The seed and final state hash the host told when the game ended, revealed with the closing. */
  reveal: SeedReveal | null;
  /** The indexer level the last holdings read saw: a read never goes back to an earlier one. */
  readLevel: number;
}

/** Every seat bound and joined, the tokens created: the game may start. */
export function isReady(game: GameChain): boolean {
  return (
    game.row.plan.created !== null &&
    game.row.seats.every((s) => s.address !== null && s.approval?.status === 'confirmed')
  );
}

/** The seats' addresses, by seat (all bound once the game is ready). */
export const addressesOf = (game: GameChain): string[] => game.row.seats.map((s) => s.address ?? '');

export class GameChains {
  readonly #games = new Map<string, GameChain>();
  readonly #loading = new Map<string, Promise<GameChain | null>>();

  constructor(private readonly rt: ChainRuntime) {}

  /** The game, if this process follows it (on-chain, and loaded). */
  get(gameId: string): GameChain | undefined {
    return this.#games.get(gameId);
  }

  has(gameId: string): boolean {
    return this.#games.has(gameId);
  }

  all(): IterableIterator<GameChain> {
    return this.#games.values();
  }

  /** The game's chain side, loaded from the store once (null: an off-chain game). */
  async load(gameId: string): Promise<GameChain | null> {
    const cached = this.#games.get(gameId);
    if (cached) return cached;
    let loading = this.#loading.get(gameId);
    if (!loading) {
      loading = (async () => {
        const row = await this.rt.store.getGame(gameId);
        if (!row) return null;
        return this.#games.get(gameId) ?? this.#track(row, await this.rt.bridge(row));
      })().finally(() => this.#loading.delete(gameId));
      this.#loading.set(gameId, loading);
    }
    return loading;
  }

  /** @throws HostError 404 NOT_ON_CHAIN */
  async need(gameId: string): Promise<GameChain> {
    const game = await this.load(gameId);
    if (!game) throw new ChainGameError('NOT_ON_CHAIN', `game ${gameId} is not an on-chain game`);
    return game;
  }

  /** Stores a new game's row and follows it. */
  async register(row: ChainGameRow): Promise<GameChain> {
    await this.rt.store.insertGame(row);
    return this.#track(row, await this.rt.bridge(row));
  }

  /** Takes the row as the store has it now (another app instance may have written it). */
  async reload(game: GameChain): Promise<void> {
    const row = await this.rt.store.getGame(game.row.gameId);
    if (row) await this.follow(game, row);
  }

  /** Takes `row`, read from the store: with a new bridge when its plan is not the bridge's. */
  async follow(game: GameChain, row: ChainGameRow): Promise<void> {
    if (stableJson(row.plan) !== stableJson(game.bridge.plan)) game.bridge = await this.rt.bridge(row);
    game.row = row;
  }

  /** Stores the game's plan, and the level it reached (a level never goes back). */
  async savePlan(game: GameChain, plan: TokenPlan, level?: number): Promise<void> {
    await this.rt.store.updateGame(game.row.gameId, { plan, ...(level !== undefined ? { lastLevel: level } : {}) });
    game.row = { ...game.row, plan, lastLevel: Math.max(game.row.lastLevel, level ?? 0) };
  }

  async saveLevel(game: GameChain, level: number): Promise<void> {
    await this.rt.store.updateGame(game.row.gameId, { lastLevel: level });
    game.row = { ...game.row, lastLevel: Math.max(game.row.lastLevel, level) };
  }

  /** Stores the seats (a waiting game's free seats became bots when it started). */
  async saveSeats(game: GameChain, seats: readonly ChainSeat[]): Promise<void> {
    await this.rt.store.updateGame(game.row.gameId, { seats });
    game.row = { ...game.row, seats };
  }

  /** Stores a seat's approval (and its wallet, when given). */
  async saveApproval(game: GameChain, seat: number, approval: SeatApproval | null, address?: string): Promise<void> {
    const seats = game.row.seats.map((s, i) =>
      i === seat ? { ...s, approval, ...(address !== undefined ? { address } : {}) } : s,
    );
    await this.rt.store.updateGame(game.row.gameId, { seats });
    game.row = { ...game.row, seats };
  }

  #track(row: ChainGameRow, bridge: PoleBridge): GameChain {
    const game: GameChain = {
      row,
      bridge,
      setupError: null,
      setupRunning: false,
      pause: null,
      kept: null,
      timer: null,
      verifying: new Set(),
      closing: { running: false, attempts: 0, timer: null },
      reveal: null,
      readLevel: 0,
    };
    this.#games.set(row.gameId, game);
    return game;
  }
}
