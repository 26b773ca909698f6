import type { Outcome, SeatId, Standing } from '../core/types';
import type { ArtistTile } from './board';
import type { PoleRules } from './config';
import type { Draft } from './draft';
import { piecesOf } from './holdings';
import { multiplierHundredths } from './rounding';
import type { PoleState, Valuation } from './state';

/**
 * Seed §5 / P10: "Even (2,4,6): new value = die × original price × multiplier; Odd (1,3,5): new value = (original
 * price × multiplier) ÷ die. Round all results down to the nearest 10 Tz." Integer arithmetic on the multiplier in
 * hundredths keeps 1.5 × 130 exact. P12 tweak: floor any valuation below 10 Tz at 10 Tz.
 */
export function valuePiece(rules: PoleRules, art: ArtistTile, die: number): number {
  const base = art.price * multiplierHundredths(art); // price × multiplier × 100
  const value = die % 2 === 0 ? Math.floor((base * die) / 1000) * 10 : Math.floor(base / (1000 * die)) * 10;
  return rules.valuationFloor ? Math.max(10, value) : value;
}

/** Seats in play order, starting with the first player (P2). */
export function playOrder(firstSeat: SeatId, players: number): SeatId[] {
  return Array.from({ length: players }, (_, k) => (firstSeat + k) % players);
}

/** Ends the game: one d6 per masterpiece (each 1/1 and each copy), in play order then tile order; rolls are seeded. */
export function runValuation(d: Draft): void {
  const valuations: Valuation[] = [];
  for (const seat of playOrder(d.firstSeat, d.playerCount)) {
    for (const piece of piecesOf(d.board, d.tiles, seat)) {
      const die = d.rollD6();
      const value = valuePiece(d.rules, piece.art, die);
      valuations.push({ seat, tile: piece.tile, die, value });
      d.emit({ type: 'valued', seat, tile: piece.tile, die, value });
    }
  }
  d.valuations = valuations;
  d.phase = 'over';
  const { scores, winners } = scoreBoard(
    d.players.map((p) => p.cash),
    valuations,
  );
  d.emit({ type: 'finalScores', scores, winners });
}

export interface SeatScore {
  seat: SeatId;
  cash: number;
  pieces: number;
  valuation: number;
  score: number;
}

/** "Total all your adjusted values and add remaining cash: highest portfolio wins." P10: ties → most masterpieces; still tied → shared. */
export function scoreBoard(
  cash: readonly number[],
  valuations: readonly Valuation[],
): { scores: SeatScore[]; winners: SeatId[]; ranks: number[] } {
  const scores: SeatScore[] = cash.map((c, seat) => ({ seat, cash: c, pieces: 0, valuation: 0, score: c }));
  for (const v of valuations) {
    const s = scores[v.seat]!;
    s.pieces += 1;
    s.valuation += v.value;
    s.score += v.value;
  }
  const better = (a: SeatScore, b: SeatScore) => b.score - a.score || b.pieces - a.pieces;
  const sorted = scores.slice().sort((a, b) => better(a, b) || a.seat - b.seat);
  const ranks: number[] = [];
  sorted.forEach((s, i) => {
    const prev = sorted[i - 1];
    ranks[s.seat] = prev && better(prev, s) === 0 ? ranks[prev.seat]! : i + 1;
  });
  const winners = scores.filter((s) => ranks[s.seat] === 1).map((s) => s.seat);
  return { scores, winners, ranks };
}

export interface PoleStanding extends Standing {
  readonly cash: number;
  readonly pieces: number;
  readonly valuation: number;
}

export interface PoleOutcome extends Outcome {
  readonly standings: readonly PoleStanding[];
}

/** Standings once the game is over, best first: score = valuations + cash, with its parts. */
export function poleOutcome(state: PoleState): PoleOutcome | null {
  if (state.phase !== 'over' || !state.valuations) return null;
  const { scores, winners, ranks } = scoreBoard(
    state.players.map((p) => p.cash),
    state.valuations,
  );
  return {
    winners,
    standings: scores
      .map((s) => ({
        seat: s.seat,
        rank: ranks[s.seat]!,
        score: s.score,
        cash: s.cash,
        pieces: s.pieces,
        valuation: s.valuation,
      }))
      .sort((a, b) => a.rank - b.rank || a.seat - b.seat),
  };
}
