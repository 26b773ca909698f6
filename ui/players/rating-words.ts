/**
 * How ratings read on every page that shows them (a profile, a leaderboard, the game-over banner): the rating to one
 * decimal, places in words, a win share, a player's name or short address, and the paths of their pages. No React and
 * nothing of the server's code here: the play page's bundle imports it.
 */
import type { GameId } from '../../engine/core';
import type { Skill } from '../../server/ratings/model';
import { shortAddress } from '../../chain/explorer';

/**
 * A skill's conservative rating μ − 3σ, the one the boards sort by: server/ratings/model.ts's `conservative`, whose
 * module the browser may not load (it runs openskill).
 */
export const conservativeOf = (skill: Skill): number => skill.mu - 3 * skill.sigma;

/** The conservative rating μ − 3σ as the pages show it: one decimal, a true minus sign, never "−0.0". */
export function formatRating(rating: number): string {
  const text = rating.toFixed(1);
  if (text === '-0.0' || text === '0.0') return '0.0';
  return text.startsWith('-') ? `−${text.slice(1)}` : text;
}

/** A rating's change: "+1.8", "−0.4", "±0.0". */
export function formatChange(change: number): string {
  const text = formatRating(Math.abs(change));
  return text === '0.0' ? '±0.0' : `${change > 0 ? '+' : '−'}${text}`;
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

/** A place among a game's rated people: "2nd of 3". */
export const placeOf = (rank: number, people: number): string => `${ordinal(rank)} of ${people}`;

/** The share of games won, as a whole percentage; "–" before any game. */
export const winShare = (wins: number, games: number): string =>
  games === 0 ? '–' : `${Math.round((wins / games) * 100)}%`;

/** What a player is called on the pages: the name they chose, else their short address. */
export const playerLabel = (name: string | null, address: string): string => name ?? shortAddress(address);

/** A player's profile page. */
export const playerPath = (address: string): string => `/players/${encodeURIComponent(address)}`;

/** A game's leaderboard, at `page` (from 1) and with every rated player when `all`. */
export function boardPath(game: GameId, page = 1, all = false): string {
  const query = new URLSearchParams();
  if (page > 1) query.set('page', String(page));
  if (all) query.set('all', '1');
  return `/leaderboard/${game}${query.size ? `?${query}` : ''}`;
}

/** The page of the ratings' rules. */
export const RATINGS_RULES_PATH = '/ratings';

/** "3 more rated games", "1 more rated game": what a player still needs to appear on a board. */
export function gamesToBoard(games: number, minGames: number): string {
  const more = Math.max(0, minGames - games);
  return `${more} more rated game${more === 1 ? '' : 's'} to be ranked`;
}

/** A moment as the pages write it, in UTC so the server's page and the browser's agree: "14 Dec 2026, 05:50 UTC". */
export function utcTime(ms: number, withTime = true): string {
  const date = new Date(ms);
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  if (!withTime) return day;
  return `${day}, ${date.toISOString().slice(11, 16)} UTC`;
}
