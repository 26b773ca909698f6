import { RuleError } from '../core/errors';
import type { SeatId } from '../core/types';
import type { Draft } from './draft';
import type { AuctionResult } from './state';
import { afterAuction } from './term';

/** Colour-coded properties no uncle owns: the auction pool (G3). */
export function unownedProperties(d: Pick<Draft, 'board' | 'estates'>): number[] {
  return d.board.properties.filter((space) => d.estates[space]!.owner === null);
}

/**
 * G3/G4: `count` properties come up in a seeded random order among the unowned ones (fewer when the pool runs low;
 * none skips the phase). Every uncle bids at once; an uncle with no cash can only bid nothing, so is not asked.
 */
export function openAuction(d: Draft, count: number): void {
  const pool = unownedProperties(d);
  const lot = d
    .shuffle(pool)
    .slice(0, count)
    .sort((a, b) => a - b);
  if (lot.length === 0) return afterAuction(d);
  d.emit({ type: 'auctionOpened', term: d.term, lot });
  const submitted = d.uncles.map((u) => u.cash === 0);
  const bids = submitted.map((done) => (done ? lot.map(() => 0) : null));
  d.stage = { kind: 'auction', lot, submitted, bids };
  if (submitted.every(Boolean)) resolveAuction(d);
}

/**
 * G4: "an uncle's bids in one auction round may not exceed their cash". One sealed bid per lot property (0 = no bid);
 * the amounts stay hidden (view.ts) until every uncle has bid.
 * @throws RuleError BAD_BID, BIDS_OVER_CASH
 */
export function submitBids(d: Draft, seat: SeatId, bids: readonly number[]): void {
  const stage = d.stage;
  if (stage.kind !== 'auction') throw new Error('internal: no auction open');
  if (bids.length !== stage.lot.length) {
    throw new RuleError('BAD_BID', `give one bid per property in the lot (${stage.lot.length}), 0 for no bid`, {
      lot: stage.lot,
    });
  }
  const total = bids.reduce((a, b) => a + b, 0);
  const cash = d.uncles[seat]!.cash;
  if (total > cash) {
    throw new RuleError('BIDS_OVER_CASH', `bids total £${total} but uncle ${seat} has £${cash} (G4)`, { total, cash });
  }
  const submitted = stage.submitted.slice();
  const allBids = stage.bids.slice();
  submitted[seat] = true;
  allBids[seat] = bids.slice();
  d.stage = { ...stage, submitted, bids: allBids };
  d.emit({ type: 'bidSubmitted', seat });
  if (submitted.every(Boolean)) resolveAuction(d);
}

/** G4: "Highest bid buys and pays the bank. A tie for highest, or no bid, leaves the property unowned." */
function resolveAuction(d: Draft): void {
  const stage = d.stage;
  if (stage.kind !== 'auction') throw new Error('internal: no auction open');
  const results: AuctionResult[] = stage.lot.map((space, k) => {
    const bids = stage.bids.map((b) => b![k]!);
    const price = Math.max(...bids);
    const top = bids.flatMap((bid, seat) => (bid === price ? [seat] : []));
    const winner = price > 0 && top.length === 1 ? top[0]! : null;
    return { space, bids, winner, price: winner === null ? 0 : price };
  });
  d.emit({ type: 'auctionResolved', results });
  for (const r of results) {
    if (r.winner === null) continue;
    d.transfer({ uncle: r.winner }, 'bank', r.price, 'auction', r.space);
    d.updateEstate(r.space, { owner: r.winner });
  }
  afterAuction(d);
}
