import { DraftBase, seatsAfter } from '../core/draft';
import type { SeatId } from '../core/types';
import type { Board } from './board';
import type { PoleRules } from './config';
import type {
  Party,
  PoleEvent,
  PolePhase,
  PolePlayer,
  PoleState,
  PoleTile,
  Step,
  TransferReason,
  Valuation,
} from './state';

/**
 * A mutable working copy of a PoleState for the duration of one `apply`. The input state is never touched:
 * arrays are copied here and elements are replaced, not mutated. `commit` freezes the result into a new state.
 */
export class Draft extends DraftBase<PoleState, PoleEvent> {
  readonly rules: PoleRules;
  readonly board: Board;
  readonly ringSize: number;
  readonly playerCount: number;
  readonly firstSeat: SeatId;
  players: PolePlayer[];
  tiles: PoleTile[];
  queue: Step[];
  phase: PolePhase;
  current: SeatId;
  turn: number;
  landings: number;
  endTriggered: boolean;
  lastRoll: readonly number[];
  valuations: readonly Valuation[] | null;

  constructor(base: PoleState) {
    super(base);
    this.rules = base.config;
    this.board = base.config.board;
    this.ringSize = this.board.tiles.length;
    this.playerCount = base.players.length;
    this.firstSeat = base.firstSeat;
    this.players = base.players.slice();
    this.tiles = base.tiles.slice();
    this.queue = base.queue.slice();
    this.phase = base.phase;
    this.current = base.current;
    this.turn = base.turn;
    this.landings = base.landings;
    this.endTriggered = base.endTriggered;
    this.lastRoll = base.lastRoll;
    this.valuations = base.valuations;
  }

  cash(seat: SeatId): number {
    return this.players[seat]!.cash;
  }

  updatePlayer(seat: SeatId, patch: Partial<PolePlayer>): void {
    this.players[seat] = { ...this.players[seat]!, ...patch };
  }

  updateTile(index: number, patch: Partial<PoleTile>): void {
    this.tiles[index] = { ...this.tiles[index]!, ...patch };
  }

  /** The only way cash changes: every change is one `transfer` event, so the ledger always balances. */
  transfer(from: Party, to: Party, amount: number, reason: TransferReason, tile?: number): void {
    if (amount <= 0) return;
    if (from !== 'bank') {
      const cash = this.cash(from);
      if (cash < amount) throw new Error(`internal: seat ${from} cannot pay ${amount} with ${cash}`);
      this.updatePlayer(from, { cash: cash - amount });
    }
    if (to !== 'bank') this.updatePlayer(to, { cash: this.cash(to) + amount });
    this.emit(
      tile === undefined
        ? { type: 'transfer', from, to, amount, reason }
        : { type: 'transfer', from, to, amount, reason, tile },
    );
  }

  /** Seats in play order starting after `seat` ("clockwise" = increasing seat index, P2). */
  othersClockwise(seat: SeatId): SeatId[] {
    return seatsAfter(seat, this.playerCount);
  }

  commit(): PoleState {
    return this.next({
      phase: this.phase,
      current: this.current,
      turn: this.turn,
      players: this.players,
      tiles: this.tiles,
      queue: this.queue,
      landings: this.landings,
      endTriggered: this.endTriggered,
      lastRoll: this.lastRoll,
      valuations: this.valuations,
    });
  }
}
