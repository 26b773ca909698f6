/** Reading a Tezos Pole state or its events in tests: the pending decision, cash, positions, tiles, net transfers. */
import type { SeatId } from '../../../engine/core/types';
import { poleDecision, type PoleDecision, type PoleEvent, type PoleState } from '../../../engine/pole';

/** Sum of the transfers to minus from `seat` in these events. */
export function netTransfers(events: readonly PoleEvent[], seat: SeatId): number {
  let net = 0;
  for (const e of events) {
    if (e.type !== 'transfer') continue;
    if (e.to === seat) net += e.amount;
    if (e.from === seat) net -= e.amount;
  }
  return net;
}

export { ofType } from '../game-checks';

/** The pending decision (fails the test when there is none). */
export function decision(state: PoleState): PoleDecision {
  const d = poleDecision(state);
  if (!d) throw new Error('no decision pending');
  return d;
}

/** Cash of every seat. */
export function cash(state: PoleState): number[] {
  return state.players.map((p) => p.cash);
}

/** Board position of a seat. */
export function positionOfSeat(state: PoleState, seat: number): number {
  const n = state.config.board.tiles.length;
  return ((state.players[seat]!.progress % n) + n) % n;
}

/** Index of the tile with this id on the state's board. */
export function indexOf(state: PoleState, id: string): number {
  const i = state.config.board.tiles.findIndex((t) => t.id === id);
  if (i < 0) throw new Error(`no tile "${id}"`);
  return i;
}
