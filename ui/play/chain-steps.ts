/**
 * How the table tells a player where their chain steps are while blocks come every few seconds: which
 * steps are on their way, how long Tezos usually takes, and which ones settled since the last look (the toasts).
 * No React here, so the rules can be tested on their own.
 */
import type { ChainOpInfo } from './chain-game';

/** A step the chain has not settled yet: sent or waiting to be, or being sent again after Tezos did not answer. */
export const isInFlight = (op: ChainOpInfo): boolean => op.status !== 'confirmed' && op.status !== 'failed';

/** The steps on their way, oldest first. */
export const inFlight = (ops: readonly ChainOpInfo[]): ChainOpInfo[] => ops.filter(isInFlight);

/**
 * The steps settled in `ops` that were not settled at the last look (`before`: ids → status): confirmed or failed
 * since, including a step first seen already settled (sent and confirmed between two looks). Only what happens
 * while the page is open is news: the first look's steps are `before` itself.
 */
export function newlySettled(
  before: ReadonlyMap<number, ChainOpInfo['status']>,
  ops: readonly ChainOpInfo[],
): ChainOpInfo[] {
  return ops.filter((op) => {
    const was = before.get(op.id);
    return was !== 'confirmed' && was !== 'failed' && !isInFlight(op);
  });
}

/** Each step's status by id, to compare the next look with. */
export const statusById = (ops: readonly ChainOpInfo[]): Map<number, ChainOpInfo['status']> =>
  new Map(ops.map((op) => [op.id, op.status]));

/**
 * What to expect, in words: an operation waits for the next block, then for the indexer, so about two blocks.
 * `blockSeconds` null: the pace is not known yet.
 */
export function expectedWait(blockSeconds: number | null, waitedSeconds: number): string {
  if (blockSeconds === null) return `${waitedSeconds} s so far`;
  const expected = Math.max(2, Math.ceil(blockSeconds * 2));
  const pace = `a block every ${blockSeconds} s`;
  if (waitedSeconds <= expected) return `usually about ${expected} s (${pace}) · ${waitedSeconds} s so far`;
  return `taking longer than the usual ${expected} s (${pace}) · ${waitedSeconds} s so far`;
}

/** Whole seconds since `at` (an ISO time or ms epoch) at `now`, never negative. */
export const secondsSince = (at: string | number, now: number): number =>
  Math.max(0, Math.floor((now - (typeof at === 'string' ? Date.parse(at) : at)) / 1000));
