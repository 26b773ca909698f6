'use client';

import { useState } from 'react';

/** Each purse's change of money between two snapshots; none when the purses differ (another game, another view). */
export function moneyChanges(before: readonly number[], after: readonly number[]): number[] {
  if (before.length !== after.length) return after.map(() => 0);
  return after.map((amount, i) => amount - before[i]!);
}

interface Seen {
  readonly stamp: unknown;
  readonly money: readonly number[];
  readonly changes: readonly number[];
}

/**
 * The money each purse gained (+) or lost (−) in the last snapshot, for highlighting what moved. `stamp` names a
 * snapshot (a new one compares again, so money that stands still shows no change); the first shows none.
 */
export function useMoneyMoves(money: readonly number[], stamp: unknown): readonly number[] {
  const [seen, setSeen] = useState<Seen>(() => ({ stamp, money, changes: money.map(() => 0) }));
  if (seen.stamp === stamp) return seen.changes;
  const next = { stamp, money, changes: moneyChanges(seen.money, money) };
  setSeen(next);
  return next.changes;
}
