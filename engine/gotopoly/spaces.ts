import type { SeatId } from '../core/types';
import { isBankrupt } from './bankruptcy';
import { drawCard } from './card-deck';
import type { Draft } from './draft';
import { sendToJail } from './jail';
import { landOnProperty } from './property';
import { positionOf } from './ring';
import { landOnStation } from './station';
import { endTurn } from './term';
import { landOnUtility } from './utility';
import { checkDegree } from './winning';

/** Card moves can chain (a card that moves you onto another card space…); a turn resolves at most this many landings. */
export const MAX_LANDINGS_PER_TURN = 8;

/**
 * Seed §3.4 "You then act on whichever space you land." Resolves landings until a student decision is needed, the
 * turn ends, the student goes into the red (G15) or wins (G16). Card moves loop here, bounded, never recursing.
 */
export function land(d: Draft, seat: SeatId): void {
  for (let landings = 1; ; landings++) {
    const space = positionOf(d.student(seat).progress);
    if (landings > MAX_LANDINGS_PER_TURN) {
      d.emit({ type: 'chainLimit', seat, space });
      return endTurn(d);
    }
    d.emit({ type: 'landed', seat, space });
    const outcome = actOn(d, seat, space);
    if (isBankrupt(d, seat)) return;
    if (outcome === 'moved') continue;
    if (outcome === 'decide') return;
    return endTurn(d);
  }
}

/** What landing on one space leads to: a decision, the end of the turn, or a card move to another space. */
type Outcome = 'decide' | 'done' | 'moved' | 'over';

function actOn(d: Draft, seat: SeatId, index: number): Outcome {
  const space = d.board.spaces[index]!;
  switch (space.kind) {
    case 'go':
      return checkDegree(d, seat) ? 'over' : 'done';
    case 'property':
      return landOnProperty(d, seat, index, space) ? 'decide' : 'done';
    case 'station':
      landOnStation(d, seat, index);
      return 'decide';
    case 'utility':
      landOnUtility(d, seat, index, space);
      return 'decide';
    case 'tax':
      // G12: "Taxes take the printed amount from the student."
      d.transfer({ student: seat }, 'bank', space.amount, 'tax', index);
      return 'done';
    case 'card':
      return drawCard(d, seat, space.deck) ? 'moved' : 'done';
    case 'go-to-jail':
      sendToJail(d, seat, 'space');
      return 'done';
    case 'jail':
    case 'free-parking':
      // G12: "Free Parking and Just Visiting do nothing."
      return 'done';
  }
}
