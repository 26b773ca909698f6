import { RuleError } from '../core/errors';
import type { SeatId } from '../core/types';
import type { Board } from './board';
import type { Draft } from './draft';
import { artistTile, copiesHeld, piecesOf, removeHolder, type Piece } from './holdings';
import { floor10 } from './rounding';
import type { Claim, PoleTile, Step } from './state';

/**
 * P7 "bots flip the cheapest first" (P7a: every bot the engine offers): the flippable tile with the lowest list
 * price, the first listed among equals.
 */
export function cheapestFlip(board: Board, tiles: readonly number[]): number {
  let best = tiles[0]!;
  for (const tile of tiles) {
    if (artistTile(board, tile)!.price < artistTile(board, best)!.price) best = tile;
  }
  return best;
}

type Debt = Extract<Step, { kind: 'debt' }>;

export const owedBy = (debt: Debt): number => debt.claims.reduce((sum, c) => sum + c.amount, 0);

/** Edition tiles (not 1/1s) of which `seat` holds a copy: what P7 lets the debtor flip. */
export function flippableTiles(
  d: { readonly board: Draft['board']; readonly tiles: readonly PoleTile[] },
  seat: SeatId,
): number[] {
  const out: number[] = [];
  for (let i = 0; i < d.tiles.length; i++) {
    const art = artistTile(d.board, i);
    if (art && art.editionSize > 1 && copiesHeld(d.tiles[i]!, seat) > 0) out.push(i);
  }
  return out;
}

/**
 * Seed §3.3 / P7 out-of-cash protocol. Pays the debt when the debtor can; otherwise, while the debtor holds edition
 * copies, waits for them to choose one to flip (returns false). With nothing left to flip the debtor pays all their
 * cash, forfeits their cheapest masterpiece and the rest of the debt is cancelled. Nobody is eliminated.
 */
export function settleDebt(d: Draft, debt: Debt, announce: boolean): boolean {
  const owed = owedBy(debt);
  const cash = d.cash(debt.debtor);
  if (cash >= owed) {
    for (const claim of debt.claims) d.transfer(debt.debtor, claim.to, claim.amount, debt.reason, debt.tile);
    return true;
  }
  if (announce) d.emit({ type: 'outOfCash', seat: debt.debtor, owed, cash });
  if (flippableTiles(d, debt.debtor).length > 0) {
    d.phase = 'flip';
    return false;
  }
  payWhatIsLeft(d, debt, cash);
  const cheapest = cheapestPiece(piecesOf(d.board, d.tiles, debt.debtor));
  if (cheapest) {
    removeHolder(d, cheapest.tile, debt.debtor, true);
    d.emit({ type: 'forfeited', seat: debt.debtor, tile: cheapest.tile });
  }
  d.emit({ type: 'debtCancelled', seat: debt.debtor, amount: owed - cash });
  return true;
}

/** P7: what flipping a copy of a work returns, "floor10(list price / 2)" (a flip prompt shows it before the choice). */
export const flipReturn = (art: { readonly price: number }): number => floor10(art.price / 2);

/**
 * P7 "flip edition copies back to the Bank, one at a time … each for floor10(list price / 2); the copy returns to
 * the supply". @throws RuleError NOT_FLIPPABLE
 */
export function flip(d: Draft, seat: SeatId, index: number): void {
  if (!flippableTiles(d, seat).includes(index)) {
    throw new RuleError('NOT_FLIPPABLE', `tile ${index} is not an edition copy you hold`, { tile: index });
  }
  const art = artistTile(d.board, index)!;
  removeHolder(d, index, seat, false);
  const amount = flipReturn(art);
  d.emit({ type: 'flipped', seat, tile: index, amount });
  d.transfer('bank', seat, amount, 'flip', index);
}

/** P7: "forfeits their cheapest masterpiece (lowest list price, then lowest tile index)". */
export function cheapestPiece(pieces: readonly Piece[]): Piece | undefined {
  let best: Piece | undefined;
  for (const p of pieces) {
    if (!best || p.art.price < best.art.price || (p.art.price === best.art.price && p.tile < best.tile)) best = p;
  }
  return best;
}

/**
 * A debtor short of cash pays everything they have. With several creditors each gets a share in proportion to
 * their claim, rounded down, and the leftover Tz go one each to the creditors in claim order (clockwise).
 */
function payWhatIsLeft(d: Draft, debt: Debt, cash: number): void {
  const owed = owedBy(debt);
  const shares = debt.claims.map((c: Claim) => Math.floor((cash * c.amount) / owed));
  let leftover = cash - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; leftover > 0; i = (i + 1) % shares.length) {
    shares[i]! += 1;
    leftover--;
  }
  debt.claims.forEach((claim, i) => d.transfer(debt.debtor, claim.to, shares[i]!, debt.reason, debt.tile));
}
