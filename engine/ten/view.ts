import type { SeatId } from '../core/types';
import type { TenState, TenView } from './state';

/** What a seat (or a spectator, null) sees: everything but the draw pile's order and the PRNG state. */
export function tenView(state: TenState, seat: SeatId | null): TenView {
  // Fields listed one by one: a rest-spread copy costs more than the rest of a bot's decision.
  return {
    game: state.game,
    seq: state.seq,
    config: state.config,
    tableau: state.tableau,
    market: state.market,
    discard: state.discard,
    supply: state.supply,
    players: state.players,
    startSeat: state.startSeat,
    current: state.current,
    turn: state.turn,
    deckOut: state.deckOut,
    stage: state.stage,
    viewer: seat,
    deckCount: state.deck.length,
  };
}
