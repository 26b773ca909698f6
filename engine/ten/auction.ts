import { RuleError } from '../core/errors';
import type { SeatId } from '../core/types';
import type { Draft } from './draft';
import { tableauTotals } from './drawing';
import { capacityOf } from './payment';
import type { TenState } from './state';

/**
 * T7: "Starting left of the active player, each player in turn bids once — more than the current high bid, at least
 * 1 — or passes; the active player bids last." T10: alone, the player may buy the joker for 1 or discard it.
 */
export function openAuction(d: Draft, joker: string): void {
  const bidders = [...d.othersFrom(d.current), d.current];
  d.emit({ type: 'auctionOpened', joker, bidders });
  d.stage = { kind: 'auction', joker, bidders, index: 0, high: null };
}

/** The smallest and largest bid `seat` may make now (min > max: only a pass). */
export function bidRange(
  state: Pick<TenState, 'stage' | 'players' | 'config'>,
  seat: SeatId,
): { min: number; max: number } {
  const stage = state.stage;
  if (stage.kind !== 'auction') return { min: 1, max: 0 };
  const min = (stage.high?.amount ?? 0) + 1;
  // T10: the solo joker costs exactly 1.
  if (state.players.length === 1) return { min: 1, max: capacityOf(state.players[seat]!, state.config) >= 1 ? 1 : 0 };
  return { min, max: capacityOf(state.players[seat]!, state.config) };
}

/** A bid or a pass by the bidder whose turn it is. @throws RuleError BID_TOO_LOW, CANNOT_AFFORD */
export function answerAuction(d: Draft, seat: SeatId, amount: number | null): void {
  const stage = d.stage;
  if (stage.kind !== 'auction') throw new Error('internal: no auction');
  let high = stage.high;
  if (amount === null) {
    d.emit({ type: 'passed', seat });
  } else {
    const { min, max } = bidRange({ stage, players: d.players, config: d.rules }, seat);
    if (d.seats === 1 && amount !== 1)
      throw new RuleError('BID_TOO_LOW', 'alone, a joker is bought for exactly 1 (T10)', { min: 1 });
    if (amount < min)
      throw new RuleError('BID_TOO_LOW', `a bid must be at least ${min} (more than the current ${min - 1}, T7)`, {
        min,
      });
    if (amount > max) throw new RuleError('CANNOT_AFFORD', `seat ${seat + 1} can pay at most ${max} (T5)`, { max });
    high = { seat, amount };
    d.emit({ type: 'bid', seat, amount });
  }
  const index = stage.index + 1;
  if (index < stage.bidders.length) {
    d.stage = { ...stage, index, high };
    return;
  }
  if (high === null) {
    // T7: "If everyone passes, the joker is discarded."
    d.discard = [...d.discard, stage.joker];
    d.emit({ type: 'jokerDiscarded', joker: stage.joker });
    d.stage = { kind: 'draw', opened: true, ...tableauTotals(d.tableau) };
    return;
  }
  d.emit({ type: 'auctionWon', seat: high.seat, joker: stage.joker, price: high.amount });
  d.stage = { kind: 'pay', seat: high.seat, joker: stage.joker, price: high.amount };
}
