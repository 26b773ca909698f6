import type { Bot, SeatId } from '../core/types';
import type { ArtistTile } from './board';
import { poleHeuristicBot } from './bots';
import { poleDecision } from './decisions';
import { artistTile, copiesHeld, supplyLeft } from './holdings';
import { lapsOf, positionOf } from './movement';
import type { PoleAction, PoleState } from './state';

/** P10: a piece's expected appraisal per Tz of list price × multiplier, the mean of die × 1 (even) and 1 ÷ die (odd). */
export const EXPECTED_APPRAISAL = (2 + 4 + 6 + 1 + 1 / 3 + 1 / 5) / 6;

/**
 * What the collector weighs when a piece is offered, in units that keep the weights near 1. Every one is open
 * information: the seat's view holds it all.
 */
export interface BuyFeatures {
  /** The piece's expected appraisal less its price, per Tz of price (P10): 1.26 for ×1, 5.77 for ×3. */
  readonly profitPerTz: number;
  /** Copies the bank still has of it, this one included: 1 for a one-of-a-kind piece, which will not wait. */
  readonly copiesLeft: number;
  /** The seat's cash before buying, in hundreds of Tz. */
  readonly cash: number;
  /** The seat's cash after buying, in hundreds of Tz. */
  readonly cashAfter: number;
  /** Laps the leading pawn has still to go (P9): 5 at the start, under 1 on the last lap. */
  readonly lapsToGo: number;
  /** The seat's expected worth (cash + expected appraisals of its pieces), in thousands of Tz. */
  readonly worth: number;
  /** The largest expected profit, in hundreds of Tz, of a piece the seat could still buy between here and GO. */
  readonly bestAhead: number;
  /** 1 once a pawn is on its last lap: cash kept to the end counts once, a Tz spent on a ×1 piece about 2.26 times. */
  readonly lastLap: number;
}

const profitOf = (art: ArtistTile) => (EXPECTED_APPRAISAL * art.multiplier - 1) * art.price;

/** The features of `seat`'s offer of the piece on `tile`. */
export function buyFeatures(state: PoleState, seat: SeatId, tile: number): BuyFeatures {
  const { board, laps, editionCopiesPerPlayer } = state.config;
  const ring = board.tiles.length;
  const art = artistTile(board, tile)!;
  const me = state.players[seat]!;
  let leader = -Infinity;
  let lastLap = 0;
  for (const player of state.players) {
    leader = Math.max(leader, player.progress);
    if (lapsOf(player.progress, ring) >= laps - 1) lastLap = 1;
  }
  let expected = me.cash;
  let bestAhead = 0;
  const here = positionOf(me.progress, ring);
  for (let i = 0; i < ring; i++) {
    const piece = artistTile(board, i);
    if (!piece) continue;
    const held = state.tiles[i]!;
    const mine = copiesHeld(held, seat);
    expected += mine * EXPECTED_APPRAISAL * piece.multiplier * piece.price;
    if (i > here && mine < editionCopiesPerPlayer && supplyLeft(piece, held) > 0)
      bestAhead = Math.max(bestAhead, profitOf(piece));
  }
  return {
    profitPerTz: EXPECTED_APPRAISAL * art.multiplier - 1,
    copiesLeft: supplyLeft(art, state.tiles[tile]!),
    cash: me.cash / 100,
    cashAfter: (me.cash - art.price) / 100,
    lapsToGo: laps - leader / ring,
    worth: expected / 1000,
    bestAhead: bestAhead / 100,
    lastLap,
  };
}

/** A linear rule over BuyFeatures: buy when `bias` + Σ weight × feature ≥ 0. */
export interface BuyRule {
  readonly bias: number;
  readonly weights: Readonly<Record<keyof BuyFeatures, number>>;
}

/** Whether `rule` buys the offer its features describe. */
export function buys(rule: BuyRule, features: BuyFeatures): boolean {
  let score = rule.bias;
  for (const key of Object.keys(rule.weights) as (keyof BuyFeatures)[]) score += rule.weights[key] * features[key];
  return score >= 0;
}

/**
 * The strong player's own policy in its rollouts, and its choice when there is no time to search: the heuristic bot,
 * but it buys by `rule` (collector-rule.ts, fitted to what buying is worth) instead of keeping a fixed reserve.
 */
export function collectorBot(rule: BuyRule): Bot<PoleState, PoleAction> {
  return {
    name: 'collector',
    choose(state, seat, rng) {
      const decision = poleDecision(state);
      if (decision?.kind !== 'buy') return poleHeuristicBot.choose(state, seat, rng);
      return buys(rule, buyFeatures(state, seat, decision.tile)) ? { type: 'buy' } : { type: 'pass' };
    },
  };
}
