import type { Draft } from './draft';
import { buy, canBuy, landOnArtist, openOffer } from './artist-tile';
import { landOnEvent } from './event-tile';
import { artistTile } from './holdings';
import { settleDebt } from './out-of-cash';
import type { Step } from './state';
import { runValuation } from './valuation';

/** A turn resolves at most this many landings: a cascade of move events stops here (a bounded queue). */
export const MAX_LANDINGS_PER_TURN = 12;

/**
 * Runs the current turn's resolution queue until a decision is needed (buy, flip) or it is empty; then ends the
 * game (P9) or passes the turn clockwise.
 */
export function drain(d: Draft): void {
  while (d.queue.length > 0) {
    const step = d.queue[0]!;
    if (step.kind === 'land') {
      d.queue.shift();
      d.queue.unshift(...land(d, step));
    } else if (step.kind === 'offer') {
      const art = artistTile(d.board, step.tile)!;
      if (openOffer(d, step.seat, step.tile, art)) return;
      d.queue.shift();
    } else {
      if (!settleDebt(d, step, true)) return;
      d.queue.shift();
    }
  }
  if (d.endTriggered) {
    const seat = d.current;
    d.emit({ type: 'gameEnded', seat, laps: d.rules.laps });
    runValuation(d);
    return;
  }
  d.current = (d.current + 1) % d.playerCount;
  d.turn += 1;
  d.landings = 0;
  d.phase = 'roll';
  d.emit({ type: 'turnStarted', seat: d.current, turn: d.turn });
}

function land(d: Draft, step: Extract<Step, { kind: 'land' }>): Step[] {
  d.landings += 1;
  if (d.landings > MAX_LANDINGS_PER_TURN) {
    d.emit({ type: 'chainLimit', seat: step.seat, tile: step.tile });
    return [];
  }
  d.emit({ type: 'landed', seat: step.seat, tile: step.tile });
  const tile = d.board.tiles[step.tile]!;
  if (tile.kind === 'artist') return landOnArtist(d, step.seat, step.tile, tile);
  if (tile.kind === 'event') return landOnEvent(d, step.seat, step.tile, tile);
  return []; // GO: the bonus was paid by the move (P8)
}

/** The pending step at the head of the queue, which must be of `kind`. */
function pendingStep<K extends Step['kind']>(d: Draft, kind: K): Extract<Step, { kind: K }> {
  const step = d.queue[0];
  if (step?.kind !== kind) throw new Error(`internal: no ${kind} pending`);
  return step as Extract<Step, { kind: K }>;
}

/** The decision at the head of the queue is settled: carry on with the rest of the turn. */
function carryOn(d: Draft): void {
  d.queue.shift();
  d.phase = 'roll';
  drain(d);
}

/** The buy decision: "Buy (price) or pass." */
export function answerOffer(d: Draft, purchase: boolean): void {
  const step = pendingStep(d, 'offer');
  if (purchase) buy(d, step.seat, step.tile, artistTile(d.board, step.tile)!);
  else d.emit({ type: 'declined', seat: step.seat, tile: step.tile });
  carryOn(d);
}

/** After a flip (or a holdings update during a flip), try the pending debt again, then carry on. */
export function resumeDebt(d: Draft): void {
  if (settleDebt(d, pendingStep(d, 'debt'), false)) carryOn(d);
}

/** After a P13 holdings update during a buy decision: the offer stands only while a copy is still for sale. */
export function recheckOffer(d: Draft): void {
  const step = pendingStep(d, 'offer');
  if (canBuy(d, artistTile(d.board, step.tile)!, d.tiles[step.tile]!, step.seat)) return;
  d.emit({ type: 'offerWithdrawn', seat: step.seat, tile: step.tile });
  carryOn(d);
}
