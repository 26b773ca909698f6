import type { Outcome, SeatId, Standing } from '../core/types';
import { cardById } from './cards';
import type { Draft } from './draft';
import { scoreCollection } from './scoring';
import type { TenPlayer, TenScore, TenState } from './state';

/** T9: every player's score with the optimal joker assignment. */
export function scoresOf(players: readonly TenPlayer[]): TenScore[] {
  return players.map((p, seat) => {
    const result = scoreCollection(p.collection.map(cardById));
    return {
      seat,
      points: result.total,
      colours: result.colours,
      jokers: result.jokers,
      tokens: p.tokens,
      cards: p.collection.length,
    };
  });
}

/**
 * T9: "Ties: most currency tokens (bust tokens excluded), then fewest cards, then shared." Returns the rank of each
 * seat (1 = best; tied seats share a rank).
 */
export function ranksOf(scores: readonly TenScore[]): number[] {
  const compare = (a: TenScore, b: TenScore) => b.points - a.points || b.tokens - a.tokens || a.cards - b.cards;
  const sorted = scores.slice().sort((a, b) => compare(a, b) || a.seat - b.seat);
  const ranks: number[] = [];
  sorted.forEach((s, i) => {
    const prev = sorted[i - 1];
    ranks[s.seat] = prev && compare(prev, s) === 0 ? ranks[prev.seat]! : i + 1;
  });
  return ranks;
}

/** Scores the game and ends it. T10: alone, the score is compared with the previous best. */
export function finishGame(d: Draft): void {
  const scores = scoresOf(d.players);
  const ranks = ranksOf(scores);
  const winners = scores.filter((s) => ranks[s.seat] === 1).map((s) => s.seat);
  d.stage = { kind: 'over', scores, winners };
  const best = d.rules.previousBest;
  if (d.seats === 1)
    d.emit({ type: 'gameEnded', scores, winners, newBest: best === undefined || scores[0]!.points > best });
  else d.emit({ type: 'gameEnded', scores, winners });
}

export interface TenStanding extends Standing {
  readonly tokens: number;
  readonly cards: number;
  readonly colours: Readonly<Record<string, number>>;
}

export interface TenOutcome extends Outcome {
  readonly standings: readonly TenStanding[];
  /** T10, solo only: the score beats the previous best (or there was none). */
  readonly newBest?: boolean;
}

export function tenOutcome(state: Pick<TenState, 'stage' | 'players' | 'config'>): TenOutcome | null {
  if (state.stage.kind !== 'over') return null;
  const { scores } = state.stage;
  const ranks = ranksOf(scores);
  const standings = scores
    .map((s) => ({
      seat: s.seat,
      rank: ranks[s.seat]!,
      score: s.points,
      tokens: s.tokens,
      cards: s.cards,
      colours: s.colours,
    }))
    .sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const winners: SeatId[] = standings.filter((s) => s.rank === 1).map((s) => s.seat);
  if (state.players.length !== 1) return { winners, standings };
  const best = state.config.previousBest;
  return { winners, standings, newBest: best === undefined || standings[0]!.score > best };
}
