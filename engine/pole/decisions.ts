import type { SeatId } from '../core/types';
import { artistTile } from './holdings';
import { flippableTiles, owedBy } from './out-of-cash';
import type { PoleState } from './state';

/**
 * Who must decide what now, apart from the game definition (game.ts, which validates actions and options with zod)
 * so a table in the browser reads the pending decision without loading zod.
 */

export type PoleDecision =
  | { seat: SeatId; kind: 'roll'; l2Available: boolean }
  | { seat: SeatId; kind: 'buy'; tile: number; price: number }
  | { seat: SeatId; kind: 'flip'; owed: number; cash: number; tiles: number[] };

/** The seat-level decision pending now, if any (Tezos Pole never has simultaneous decisions). */
export function poleDecision(state: PoleState): PoleDecision | null {
  switch (state.phase) {
    case 'over':
      return null;
    case 'roll': {
      const l2Available = state.config.l2Move && !state.players[state.current]!.l2Used;
      return { seat: state.current, kind: 'roll', l2Available };
    }
    case 'buy': {
      const step = state.queue[0];
      if (step?.kind !== 'offer') throw new Error('internal: buy phase without an offer');
      return { seat: step.seat, kind: 'buy', tile: step.tile, price: artistTile(state.config.board, step.tile)!.price };
    }
    case 'flip': {
      const step = state.queue[0];
      if (step?.kind !== 'debt') throw new Error('internal: flip phase without a debt');
      return {
        seat: step.debtor,
        kind: 'flip',
        owed: owedBy(step),
        cash: state.players[step.debtor]!.cash,
        tiles: flippableTiles({ board: state.config.board, tiles: state.tiles }, step.debtor),
      };
    }
  }
}
