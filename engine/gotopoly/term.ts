import type { SeatId } from '../core/types';
import { openAuction } from './auction';
import { canBuildTrade } from './building';
import type { Draft } from './draft';
import { finishGame } from './winning';

/**
 * G3: a term is one round of Build/Trade (uncles), Auction (uncles) and Movement (students). Term 0 is the opening
 * auction before the first term.
 */
export function startTerm(d: Draft): void {
  d.term += 1;
  d.emit({ type: 'termStarted', term: d.term });
  d.emit({ type: 'phaseStarted', term: d.term, phase: 'build' });
  nextBuilder(d, 0);
}

/** Build/Trade passes to the first uncle from `from` on (seat order) who has anything to do; then the auction. */
export function nextBuilder(d: Draft, from: SeatId): void {
  for (let uncle = from; uncle < d.seats; uncle++) {
    if (canBuildTrade(d, uncle)) {
      d.stage = { kind: 'build', uncle, built: false, offers: 0, offer: null };
      return;
    }
  }
  d.emit({ type: 'phaseStarted', term: d.term, phase: 'auction' });
  openAuction(d, d.rules.lotsPerTerm);
}

/** After an auction: the opening auction leads into term 1; a term's auction into its Movement phase. */
export function afterAuction(d: Draft): void {
  if (d.term === 0) startTerm(d);
  else startMovement(d);
}

/**
 * G7 (amended): "The furthest-advanced student (most laps, then furthest along this lap) moves first; ties go in the
 * table order drawn once at setup with the game's seeded randomness." Progress counts laps × 40 + the distance along
 * this lap, so one comparison covers both. `tieOrder` is that drawn order; without one (a version-1 game) level
 * students go in seat order, lowest first, as the rule was before.
 */
export function moveOrder(
  students: readonly { progress: number; retired: boolean }[],
  tieOrder?: readonly SeatId[],
): SeatId[] {
  const place = (seat: SeatId) => (tieOrder ? tieOrder.indexOf(seat) : seat);
  return students
    .map((s, seat) => ({ seat, progress: s.progress, retired: s.retired }))
    .filter((s) => !s.retired)
    .sort((a, b) => b.progress - a.progress || place(a.seat) - place(b.seat))
    .map((s) => s.seat);
}

export function startMovement(d: Draft): void {
  const order = moveOrder(d.students, d.tieOrder);
  d.emit({ type: 'phaseStarted', term: d.term, phase: 'movement' });
  d.emit({ type: 'moveOrder', order });
  beginTurn(d, order, 0);
}

/** The student at `order[index]` starts their turn: in jail they decide how to deal with it, else pick a token. */
function beginTurn(d: Draft, order: readonly SeatId[], index: number): void {
  if (index >= order.length) return endTerm(d);
  const seat = order[index]!;
  d.emit({ type: 'turnStarted', seat });
  const decision = d.student(seat).jailed === null ? { kind: 'token' as const } : { kind: 'jail' as const };
  d.stage = { kind: 'movement', order, index, decision, token: null };
}

/** The current student's turn is over: the next student moves, or the term ends. */
export function endTurn(d: Draft): void {
  const stage = d.stage;
  if (stage.kind !== 'movement') return; // the game ended during the turn
  beginTurn(d, stage.order, stage.index + 1);
}

/** G18: "If nobody has won after `maxTerms` terms, the game ends." */
function endTerm(d: Draft): void {
  d.emit({ type: 'termEnded', term: d.term });
  if (d.term >= d.rules.maxTerms) finishGame(d, 'timeLimit', null);
  else startTerm(d);
}
