import { randomInt, type RandomGenerator } from '../core/rng';
import { Candidates, flatMonteCarlo, type SearchGame, type StrongPlayer } from '../core/search';
import type { SeatId } from '../core/types';
import { poleHeuristicBot } from './bots';
import { collectorBot } from './collector';
import { COLLECTOR_RULE } from './collector-rule';
import { determinizePole, type PoleView } from './determinize';
import { pole } from './game';
import { piecesOf } from './holdings';
import type { PoleAction, PoleState } from './state';
import { valuePiece } from './valuation';

/** Appraisals (P10) drawn per finished rollout: the final dice are the game's largest luck, averaged out here. */
const APPRAISALS = 32;
/** Of a rollout's value, the share that is the win; the rest is the rank. */
const WIN_WEIGHT = 0.8;

/** Appraisal dice taken from one 32-bit draw: 6⁸ is under 2³² ÷ 2,500, so reading it in base 6 is as good as fair. */
const DICE_PER_DRAW = 8;

/**
 * The value of a finished rollout to `seat`: its placing averaged over APPRAISALS fresh appraisals of every holding
 * (score = cash + appraised pieces, ties to the most pieces, then shared; P10), rather than the one appraisal the
 * rollout rolled. A game cut short is valued the same way, as if it ended now.
 *
 * The dice come from `rng` in a fixed order — per appraisal, per tile, per seat — whatever each seat holds, so two
 * rollouts valued from the same generator (the search's candidates in one world) appraise every piece they both hold
 * alike, and their difference is the decision's, not the dice's. A second copy of one edition in one hand (a table
 * option) rolls its own die after those.
 */
export function poleValue(state: PoleState, seat: SeatId, rng: RandomGenerator): number {
  const { board } = state.config;
  const players = state.players.length;
  const tiles = board.tiles.length;
  const perAppraisal = tiles * players;
  const dice = new Uint8Array(APPRAISALS * perAppraisal);
  for (let i = 0; i < dice.length; i += DICE_PER_DRAW) {
    let draw = rng.next() >>> 0;
    for (let k = i; k < Math.min(i + DICE_PER_DRAW, dice.length); k++) {
      dice[k] = draw % 6;
      draw = Math.floor(draw / 6);
    }
  }
  // Each seat's pieces: the die's slot of a first copy (-1 for a further one) and the six values it may be appraised at.
  const holdings = state.players.map((_, s) => {
    const seen = new Set<number>();
    return piecesOf(board, state.tiles, s).map((piece) => {
      const slot = seen.has(piece.tile) ? -1 : piece.tile * players + s;
      seen.add(piece.tile);
      return { slot, values: [1, 2, 3, 4, 5, 6].map((die) => valuePiece(state.config, piece.art, die)) };
    });
  });
  const score = new Array<number>(players).fill(0);
  let total = 0;
  for (let round = 0; round < APPRAISALS; round++) {
    const base = round * perAppraisal;
    for (let s = 0; s < players; s++) {
      let sum = state.players[s]!.cash;
      for (const { slot, values } of holdings[s]!) sum += values[slot < 0 ? randomInt(rng, 0, 5) : dice[base + slot]!]!;
      score[s] = sum;
    }
    let better = 0;
    let level = 0;
    for (let s = 0; s < players; s++) {
      if (s === seat) continue;
      const diff = score[s]! - score[seat]! || holdings[s]!.length - holdings[seat]!.length;
      if (diff > 0) better++;
      else if (diff === 0) level++;
    }
    const win = better === 0 ? 1 / (level + 1) : 0;
    const rank = players > 1 ? (players - 1 - better) / (players - 1) : win;
    total += WIN_WEIGHT * win + (1 - WIN_WEIGHT) * rank;
  }
  return total / APPRAISALS;
}

/** The strong player's own policy: the heuristic, but it buys by the fitted rule (collector.ts, collector-rule.ts). */
export const poleCollector = collectorBot(COLLECTOR_RULE);

/** The root's candidates: the seat's own rollout policy's choice first, then every other legal action. */
function candidates(state: PoleState, seat: SeatId, rng: RandomGenerator): PoleAction[] {
  return new Candidates<PoleAction>().add(poleCollector.choose(state, seat, rng), ...pole.legal(state, seat)).list;
}

/** What the search needs of Tezos Pole: see engine/core/search.ts. */
export const poleSearch: SearchGame<PoleState, PoleView, PoleAction> = {
  id: 'pole',
  definition: pole,
  determinize: determinizePole,
  candidates,
  rollout: poleHeuristicBot,
  selfRollout: poleCollector,
  maxRolloutActions: 5000,
  value: poleValue,
  defaultIterations: 500,
};

/**
 * The strong Tezos Pole player: flat Monte-Carlo (engine/core/search.ts) over buy/pass, the L2 move and which copy to
 * flip, with the heuristic bot playing the other seats in the rollouts, the collector the seat's own later moves, and
 * the final appraisal averaged out.
 */
export const poleStrong: StrongPlayer<PoleView, PoleAction> = flatMonteCarlo(poleSearch);
