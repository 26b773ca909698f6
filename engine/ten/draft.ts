import { DraftBase, seatsAfter } from '../core/draft';
import type { SeatId } from '../core/types';
import type { TenRules } from './config';
import type { GainReason, Stage, TenEvent, TenPlayer, TenState } from './state';

/**
 * The working state of one `apply`. The input state is never touched: a changed pile or purse list is a new array
 * (piles that do not change keep their identity, so views and bots can cache what they derive from them). `commit`
 * returns the new state.
 */
export class Draft extends DraftBase<TenState, TenEvent> {
  readonly rules: TenRules;
  readonly seats: number;
  deck: readonly string[];
  tableau: readonly string[];
  market: readonly string[];
  discard: readonly string[];
  supply: Readonly<{ tokens: number; bustTokens: number }>;
  players: readonly TenPlayer[];
  current: SeatId;
  turn: number;
  deckOut: boolean;
  stage: Stage;

  constructor(base: TenState) {
    super(base);
    this.rules = base.config;
    this.seats = base.players.length;
    this.deck = base.deck;
    this.tableau = base.tableau;
    this.market = base.market;
    this.discard = base.discard;
    this.supply = base.supply;
    this.players = base.players;
    this.current = base.current;
    this.turn = base.turn;
    this.deckOut = base.deckOut;
    this.stage = base.stage;
  }

  player(seat: SeatId): TenPlayer {
    return this.players[seat]!;
  }

  updatePlayer(seat: SeatId, patch: Partial<TenPlayer>): void {
    this.players = this.players.map((p, s) => (s === seat ? { ...p, ...patch } : p));
  }

  /** Seats after `seat` in play order ("to the left" = the next seat index), not including it. */
  othersFrom(seat: SeatId): SeatId[] {
    return seatsAfter(seat, this.seats);
  }

  /**
   * T4: "The 10-token cap applies to every gain; the excess is lost." Tokens come from the supply, so a gain is also
   * limited by what the supply still holds.
   */
  gainTokens(seat: SeatId, value: number, reason: GainReason): void {
    if (value <= 0) return;
    const held = this.player(seat).tokens;
    const amount = Math.max(0, Math.min(value, this.rules.tokenCap - held, this.supply.tokens));
    this.supply = { ...this.supply, tokens: this.supply.tokens - amount };
    this.updatePlayer(seat, { tokens: held + amount });
    this.emit({ type: 'gained', seat, amount, lost: value - amount, reason });
  }

  commit(): TenState {
    return this.next({
      deck: this.deck,
      tableau: this.tableau,
      market: this.market,
      discard: this.discard,
      supply: this.supply,
      players: this.players,
      current: this.current,
      turn: this.turn,
      deckOut: this.deckOut,
      stage: this.stage,
    });
  }
}
